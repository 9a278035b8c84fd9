import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANDING_PAGE_CONSENT,
  LANDING_PAGE_MESSAGES,
  landingPageContentSchema,
  type LandingPageContent,
} from './content';
import { renderLandingPage } from './render';

const CONTENT: LandingPageContent = {
  headline: 'Plan your week in five minutes',
  subheadline: 'A calm planner for busy founders.',
  cta: { type: 'signup', label: 'Join the waitlist' },
  features: ['Syncs with your calendar', 'Weekly review in one tap', 'Private by default'],
  price: undefined,
};

const page = (content: LandingPageContent) =>
  new new Window().DOMParser().parseFromString(
    renderLandingPage({
      templateId: 2,
      content,
      trackerTag: '',
      indexable: false,
      signupAction: '/p/acme/planner/signup',
    }),
    'text/html',
  );

const issues = (content: unknown) => {
  const result = landingPageContentSchema.safeParse(content);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('burner page privacy and branding (issue 35)', () => {
  it('says under the e-mail field what the address is for, tied to the field', () => {
    const document = page(CONTENT);
    const consent = document.querySelector('form.signup .consent');
    expect(consent?.textContent).toBe(DEFAULT_LANDING_PAGE_CONSENT);
    expect(document.querySelector('#email')?.getAttribute('aria-describedby')).toBe(consent?.id);
    expect(document.querySelector('.logo')).toBeNull();
    expect(document.querySelector('.site-footer')?.textContent).toContain('Made with Kindling');
  });

  it('shows the team’s consent line, privacy policy and logo, and can drop the badge', () => {
    const document = page({
      ...CONTENT,
      consent: 'We write once a month. <b>No spam</b>.',
      privacyUrl: 'https://acme.example/privacy',
      logoUrl: 'https://acme.example/logo.png',
      showBadge: false,
    });
    const consent = document.querySelector('.consent');
    // Text, not markup: the tag is shown as typed.
    expect(consent?.textContent).toBe('We write once a month. <b>No spam</b>. Privacy policy');
    expect(consent?.querySelector('b')).toBeNull();
    expect(consent?.querySelector('a')?.getAttribute('href')).toBe('https://acme.example/privacy');
    expect(document.querySelector('.logo img')?.getAttribute('src')).toBe(
      'https://acme.example/logo.png',
    );
    expect(document.querySelector('.site-footer')?.textContent).not.toContain('Kindling');
  });

  it('requires a privacy policy for a sign-up form when the audience is in the EU', () => {
    expect(issues({ ...CONTENT, euAudience: true })).toEqual({
      privacyUrl: LANDING_PAGE_MESSAGES.privacyUrlRequired,
    });
    expect(issues({ ...CONTENT, euAudience: true, privacyUrl: 'https://acme.example/p' })).toEqual(
      {},
    );
    // A link button collects no address: nothing to consent to on the page.
    const link = { type: 'link', label: 'Buy', url: 'https://acme.example/buy' };
    expect(issues({ ...CONTENT, cta: link, euAudience: true })).toEqual({});
    expect(issues({ ...CONTENT, euAudience: false })).toEqual({});
  });

  it('refuses addresses that are not http(s), and a consent line past its limit', () => {
    expect(issues({ ...CONTENT, privacyUrl: 'javascript:alert(1)' })).toEqual({
      privacyUrl: LANDING_PAGE_MESSAGES.privacyUrl,
    });
    expect(issues({ ...CONTENT, logoUrl: 'data:image/png;base64,AAAA' })).toEqual({
      logoUrl: LANDING_PAGE_MESSAGES.logoUrl,
    });
    expect(issues({ ...CONTENT, consent: 'x'.repeat(301) })).toEqual({
      consent: LANDING_PAGE_MESSAGES.consentTooLong,
    });
    // Blank is the same as not given.
    expect(landingPageContentSchema.parse({ ...CONTENT, logoUrl: ' ', consent: '' })).toEqual(
      CONTENT,
    );
  });
});
