import { PAGE_REDIRECT_MESSAGE, type PageMeta } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { updateWizardState } from './wizard-state';
import { initial, run, SHOP_URL } from './wizard-test-fixtures';

const page = (extra: Partial<PageMeta> = {}): PageMeta => ({
  title: 'Lumen Desk Lamp',
  faviconUrl: 'https://shop.example.com/favicon.ico',
  requestedUrl: SHOP_URL,
  finalUrl: SHOP_URL,
  stats: { htmlBytes: 2048, elementCount: 40, loadMs: 320 },
  ...extra,
});
const FAVICON = 'data:image/png;base64,iVBORw0KGgo=';

describe('page meta in the wizard', () => {
  it('is kept in the meta beside the pop-up clicks, and names the campaign when unnamed', () => {
    const start = { ...initial(), meta: { popupClicks: ['#close'] } };
    const next = run(start, { type: 'pageMeta', meta: page(), url: SHOP_URL });
    expect(next.meta).toEqual({ popupClicks: ['#close'], ...page() });
    expect(next.settings.name).toBe('Lumen Desk Lamp');
    expect(next.pageMetaError).toBeUndefined();
  });

  it('leaves a typed name, and a title too short to be a name', () => {
    const typed = run(initial(), { type: 'settings', patch: { name: 'Spring sale' } });
    expect(run(typed, { type: 'pageMeta', meta: page(), url: SHOP_URL }).settings.name).toBe(
      'Spring sale',
    );
    expect(
      run(initial(), { type: 'pageMeta', meta: page({ title: 'Hi' }), url: SHOP_URL }).settings
        .name,
    ).toBe('');
  });

  it('runs the form validation: a redirect is named, the next clean load clears it', () => {
    const elsewhere = 'https://shop.example.com/moved-here';
    const redirected = run(initial(), {
      type: 'pageMeta',
      meta: page({ finalUrl: elsewhere }),
      url: SHOP_URL,
    });
    expect(redirected.pageMetaError).toBe(PAGE_REDIRECT_MESSAGE(elsewhere));
    expect(
      run(redirected, { type: 'pageMeta', meta: page(), url: SHOP_URL }).pageMetaError,
    ).toBeUndefined();
  });

  it('ignores meta of a page the wizard no longer shows', () => {
    const state = initial();
    expect(run(state, { type: 'pageMeta', meta: page(), url: 'https://other.example/' })).toBe(
      state,
    );
  });

  it('refreshes a saved campaign: old page fields go, the favicon stays while its address does', () => {
    const saved = updateWizardState({
      id: 7,
      name: 'Lamp test',
      description: null,
      type: 'ab_split',
      ingestedUrl: SHOP_URL,
      meta: {
        ...page({ description: 'Old words', lang: 'en' }),
        favicon: FAVICON,
        popupClicks: [],
      },
      thumbnail: null,
      exclusiveAudienceMode: false,
      trafficAllocation: 100,
      isEnabled: true,
      elements: [],
      goals: [],
      metrics: null,
      benchmark: null,
      autoGenerationStatus: null,
      statsMethod: 'sequential',
      minimumDetectableEffect: 0.1,
      autoStop: false,
      autoStoppedAt: null,
      extraMetrics: [],
      isDemo: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const fresh = page({ title: 'Lumen Desk Lamp, now in oak' });
    const same = run(saved, { type: 'pageMeta', meta: fresh, url: SHOP_URL });
    expect(same.meta).toEqual({ popupClicks: [], ...fresh, favicon: FAVICON });
    // Update mode never renames the campaign.
    expect(same.settings.name).toBe('Lamp test');

    const moved = page({ faviconUrl: 'https://cdn.example.com/new.ico' });
    expect(run(saved, { type: 'pageMeta', meta: moved, url: SHOP_URL }).meta).toEqual({
      popupClicks: [],
      ...moved,
    });
  });
});
