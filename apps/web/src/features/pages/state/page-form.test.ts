import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import {
  checkPageForm,
  emptyPageForm,
  pageFormFrom,
  splitServerErrors,
  suggestedSlug,
  type PageFormValues,
} from './page-form';
import { PREVIEW_PLACEHOLDERS, previewContent, previewHtml } from './page-preview';

const filled: PageFormValues = {
  ...emptyPageForm(),
  slug: 'weekly',
  headline: '  Plan your week  ',
  subheadline: 'A calm planner.',
  features: ['Calendar sync', 'Weekly review', 'Private'],
};

describe('page form', () => {
  it('starts on template 2 with a sign-up button and three empty feature points', () => {
    const empty = emptyPageForm();
    expect(empty.templateId).toBe(2);
    expect(empty.ctaType).toBe('signup');
    expect(empty.features).toEqual(['', '', '']);
  });

  it('gives the server input for valid values: trimmed, blank optional fields left out', () => {
    const check = checkPageForm({ ...filled, price: '  ', imageUrl: ' ', ctaUrl: 'kept' });
    expect(check).toEqual({
      ok: true,
      input: {
        templateId: 2,
        slug: 'weekly',
        indexable: false,
        content: {
          headline: 'Plan your week',
          subheadline: 'A calm planner.',
          cta: { type: 'signup', label: 'Join the waitlist' },
          features: ['Calendar sync', 'Weekly review', 'Private'],
        },
      },
    });
  });

  it('reports the domain messages under the paths the server uses', () => {
    const check = checkPageForm({
      ...filled,
      slug: 'Bad Slug',
      headline: ' ',
      ctaType: 'link',
      ctaUrl: '',
      features: ['one', '', 'three'],
      imageUrl: 'ftp://example.com/a.png',
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        slug: LANDING_PAGE_MESSAGES.slug,
        'content.headline': LANDING_PAGE_MESSAGES.headlineRequired,
        'content.cta.url': LANDING_PAGE_MESSAGES.ctaUrlRequired,
        'content.features.1': LANDING_PAGE_MESSAGES.featureRequired,
        'content.imageUrl': LANDING_PAGE_MESSAGES.imageUrl,
      },
    });
  });

  it('reads a stored page back into the form and out again unchanged', () => {
    const page = {
      templateId: 3 as const,
      slug: 'shop',
      indexable: true,
      content: {
        headline: 'Buy it',
        subheadline: 'Now.',
        cta: { type: 'link' as const, label: 'Pre-order', url: 'https://example.com/buy' },
        features: ['a', 'b', 'c'],
        price: '$9',
        imageUrl: 'https://example.com/a.png',
      },
    };
    const check = checkPageForm(pageFormFrom(page));
    expect(check).toEqual({ ok: true, input: page });
  });

  it('puts server field errors next to their fields and keeps the others for the form', () => {
    expect(
      splitServerErrors({
        slug: LANDING_PAGE_MESSAGES.slugTaken,
        'content.features.2': 'too long',
        '(body)': 'Something else',
      }),
    ).toEqual({
      errors: { slug: LANDING_PAGE_MESSAGES.slugTaken, 'content.features.2': 'too long' },
      unmatched: ['Something else'],
    });
  });

  it('suggests a slug from the headline, nothing for a blank one', () => {
    expect(suggestedSlug('Plan your week, calmly!')).toBe('plan-your-week-calmly');
    expect(suggestedSlug('   ')).toBe('');
  });
});

describe('page preview', () => {
  it('fills blanks with placeholders and leaves out an image address that is not valid yet', () => {
    const content = previewContent({
      ...emptyPageForm(),
      features: ['First', '', ''],
      imageUrl: 'https:/',
      ctaType: 'link',
      ctaUrl: 'https://example.com',
    });
    expect(content.headline).toBe(PREVIEW_PLACEHOLDERS.headline);
    expect(content.features).toEqual(['First', 'Feature point 2', 'Feature point 3']);
    expect(content.imageUrl).toBeUndefined();
    expect(content.cta).toEqual({ type: 'link', label: 'Join the waitlist', url: '#' });
  });

  it('renders the page as published, escaped and without any script', () => {
    const html = previewHtml({ ...filled, headline: '<script>alert(1)</script>', templateId: 3 });
    expect(html).toContain('<body class="template-3">');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script/i);
  });
});
