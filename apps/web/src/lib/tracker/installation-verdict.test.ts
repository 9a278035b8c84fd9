import { describe, expect, it } from 'vitest';
import { installationVerdict } from './installation-verdict';

const now = Date.parse('2026-11-23T12:00:00Z');
const seenAgo = (ms: number) => ({
  seen: true,
  lastExposureAt: new Date(now - ms).toISOString(),
  url: 'https://www.shop.example/landing/',
});

describe('installationVerdict', () => {
  it('reports a recent visit as installed, with when and where', () => {
    expect(installationVerdict(seenAgo(5 * 60_000), { now })).toEqual({
      tone: 'success',
      title: 'Installed',
      detail: 'Last visit reported 5 minutes ago on shop.example/landing.',
    });
  });

  it('warns when the tag has been quiet for more than a day', () => {
    const verdict = installationVerdict(seenAgo(3 * 86_400_000), { now });
    expect(verdict.tone).toBe('warning');
    expect(verdict.detail).toBe(
      'Last visit reported 3 days ago on shop.example/landing. Is the tag still on the page?',
    );
  });

  it('names the campaign page when nothing was seen', () => {
    const verdict = installationVerdict(
      { seen: false, lastExposureAt: null, url: null },
      { pageUrl: 'https://shop.example/sale', now },
    );
    expect(verdict).toMatchObject({ tone: 'warning', title: 'Not seen yet' });
    expect(verdict.detail).toContain('No visit has been reported from shop.example/sale.');
  });

  it('says only automated visits arrived when the server dropped bot or headless ones', () => {
    const automated = {
      seen: false,
      lastExposureAt: null,
      url: null,
      automatedEvents: 3,
      lastAutomatedAt: new Date(now - 2 * 60_000).toISOString(),
    };
    expect(installationVerdict(automated, { now })).toEqual({
      tone: 'warning',
      title: 'Only automated visits so far',
      detail:
        'Only automated (bot or headless-browser) visits reached Kindling so far (last 2 minutes ' +
        'ago): they are not counted. Open the page in a normal browser to check.',
    });
    // A real visit wins: the tag works.
    const both = { ...seenAgo(60_000), automatedEvents: 3, lastAutomatedAt: null };
    expect(installationVerdict(both, { now }).title).toBe('Installed');
  });
});
