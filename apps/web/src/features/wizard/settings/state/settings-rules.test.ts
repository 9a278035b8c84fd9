import { describe, expect, it } from 'vitest';
import { settingsErrors, urlError } from './settings-rules';
import { createWizardState } from '../../state/wizard-state';
import type { WizardSettings } from './wizard-settings';

const URL = 'https://shop.example.com/landing';

const URL_REQUIRED = 'Please enter a URL';
const URL_INVALID = 'Please check that you have entered a valid URL';
const NAME_REQUIRED = 'Please enter a name';
const NAME_TOO_SHORT = 'Name must be at least 3 characters';
const NAME_TOO_LONG = 'name must be at most 255 characters';
const DESCRIPTION_TOO_LONG = 'Description must be at most 2000 characters';
const TRAFFIC = 'Traffic allocation must be between 1 and 100';
const MDE = 'The minimum detectable effect must be between 1% and 200%';

/** The Settings step of a fresh create wizard, with a valid name unless patched. */
const settings = (patch: Partial<WizardSettings> = {}): WizardSettings => ({
  ...createWizardState({ url: URL, isEnabled: true }).settings,
  name: 'Spring sale',
  ...patch,
});

describe('urlError', () => {
  it.each(['', ' ', '   \t\n'])('asks for a URL when the input is blank (%j)', (url) => {
    expect(urlError(url)).toBe(URL_REQUIRED);
  });

  it.each([
    'example.com',
    'https://example.com',
    'http://example.com/path?q=1#top',
    'ftp://files.example.com',
    'https://user:secret@example.com',
    '  https://example.com  ',
  ])('accepts %j', (url) => {
    expect(urlError(url)).toBeUndefined();
  });

  it.each([
    'not a url',
    'example',
    'https://',
    '//example.com',
    'https://exa_mple.com',
    'https://example.com.',
    'mailto:someone@example.com',
    'gopher://example.com',
  ])('reports an invalid URL for %j', (url) => {
    expect(urlError(url)).toBe(URL_INVALID);
  });

  it("accepts the app's own published pages on localhost, and only those", () => {
    const origin = 'http://localhost:3000';
    expect(urlError(`${origin}/p/acme/launch`, origin)).toBeUndefined();
    expect(urlError(`${origin}/p/acme/launch`, null)).toBe(URL_INVALID);
    expect(urlError(`${origin}/admin`, origin)).toBe(URL_INVALID);
    expect(urlError('http://localhost:8080/p/acme/launch', origin)).toBe(URL_INVALID);
  });
});

describe('settingsErrors', () => {
  it('has no errors for valid settings', () => {
    expect(settingsErrors(settings(), URL)).toEqual({});
  });

  it('has no errors for the default traffic allocation of a new campaign', () => {
    const defaults = createWizardState({ url: URL, isEnabled: false }).settings;
    expect(settingsErrors({ ...defaults, name: 'Abc' }, URL)).toEqual({});
  });

  it('ignores the URL, which the ChooseURL step checks', () => {
    expect(settingsErrors(settings(), '')).toEqual({});
    expect(settingsErrors(settings(), 'not a url')).toEqual({});
  });

  describe('name', () => {
    it.each(['', '   ', '\t\n'])('is required (%j)', (name) => {
      expect(settingsErrors(settings({ name }), URL)).toEqual({ name: NAME_REQUIRED });
    });

    it.each(['a', 'ab', '  ab  '])(
      'must have at least 3 characters after trimming (%j)',
      (name) => {
        expect(settingsErrors(settings({ name }), URL)).toEqual({ name: NAME_TOO_SHORT });
      },
    );

    it('accepts exactly 3 characters', () => {
      expect(settingsErrors(settings({ name: 'abc' }), URL)).toEqual({});
    });

    it('accepts exactly 255 characters', () => {
      expect(settingsErrors(settings({ name: 'n'.repeat(255) }), URL)).toEqual({});
    });

    it('refuses 256 characters with the lower-case message', () => {
      expect(settingsErrors(settings({ name: 'n'.repeat(256) }), URL)).toEqual({
        name: NAME_TOO_LONG,
      });
    });

    it('measures the length after trimming', () => {
      expect(settingsErrors(settings({ name: ` ${'n'.repeat(255)} ` }), URL)).toEqual({});
    });
  });

  describe('description', () => {
    it('is optional', () => {
      expect(settingsErrors(settings({ description: '' }), URL)).toEqual({});
    });

    it('accepts exactly 2000 characters', () => {
      expect(settingsErrors(settings({ description: 'd'.repeat(2000) }), URL)).toEqual({});
    });

    it('refuses more than 2000 characters', () => {
      expect(settingsErrors(settings({ description: 'd'.repeat(2001) }), URL)).toEqual({
        description: DESCRIPTION_TOO_LONG,
      });
    });

    it('measures the description that is saved (trimmed), not the surrounding whitespace', () => {
      // campaignPayload trims the description, so 2000 characters plus a trailing newline
      // are saved as 2000 characters and must not block the form.
      expect(settingsErrors(settings({ description: `${'d'.repeat(2000)}\n` }), URL)).toEqual({});
      expect(settingsErrors(settings({ description: `  ${'d'.repeat(2001)}  ` }), URL)).toEqual({
        description: DESCRIPTION_TOO_LONG,
      });
    });

    it('accepts a whitespace-only description (saved as none)', () => {
      expect(settingsErrors(settings({ description: '   ' }), URL)).toEqual({});
    });
  });

  describe('traffic allocation', () => {
    it.each([1, 2, 50, 99, 100])('accepts %d', (trafficAllocation) => {
      expect(settingsErrors(settings({ trafficAllocation }), URL)).toEqual({});
    });

    it.each([0, -1, 101, 1000, 0.5, 1.5, 99.9, Number.NaN, Infinity, -Infinity])(
      'refuses %d',
      (trafficAllocation) => {
        expect(settingsErrors(settings({ trafficAllocation }), URL)).toEqual({
          trafficAllocation: TRAFFIC,
        });
      },
    );
  });

  describe('minimum detectable effect (percent)', () => {
    it.each([1, 2.5, 10, 200])('accepts %d%%', (mdePercent) => {
      expect(settingsErrors(settings({ mdePercent }), URL)).toEqual({});
    });

    it.each([0, 0.5, 200.5, 500, -10, Number.NaN, Infinity])('refuses %d%%', (mdePercent) => {
      expect(settingsErrors(settings({ mdePercent }), URL)).toEqual({
        minimumDetectableEffect: MDE,
      });
    });
  });

  it('reports every failing field at once', () => {
    expect(
      settingsErrors(
        settings({ name: '', description: 'd'.repeat(2001), trafficAllocation: 0 }),
        URL,
      ),
    ).toEqual({
      name: NAME_REQUIRED,
      description: DESCRIPTION_TOO_LONG,
      trafficAllocation: TRAFFIC,
    });
  });

  it('does not depend on the type, audience mode or enabled flag', () => {
    expect(
      settingsErrors(
        settings({ type: 'multi_armed_bandit', exclusiveAudienceMode: true, isEnabled: false }),
        URL,
      ),
    ).toEqual({});
  });
});
