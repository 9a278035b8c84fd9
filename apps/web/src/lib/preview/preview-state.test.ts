import { describe, expect, it } from 'vitest';
import {
  initialPreviewState,
  previewReducer,
  shouldReportError,
  type PreviewAction,
  type PreviewState,
} from './preview-state';

const run = (actions: PreviewAction[], from: PreviewState = initialPreviewState) =>
  actions.reduce(previewReducer, from);
const open = (url = 'https://shop.example.com/'): PreviewAction => ({ type: 'open', url });
const error: PreviewAction = { type: 'error', message: 'This address cannot be previewed' };

describe('preview state', () => {
  it('starts Initial and goes Loading -> Ready/Success on ready and load', () => {
    expect(initialPreviewState).toMatchObject({ frameStatus: 'Initial', loadStatus: 'Initial' });
    const loading = run([open()]);
    expect(loading).toMatchObject({ frameStatus: 'Initial', loadStatus: 'Loading', attempt: 1 });
    const ready = run([{ type: 'ready' }], loading);
    expect(ready).toMatchObject({ frameStatus: 'Ready', loadStatus: 'Loading' });
    expect(run([{ type: 'load' }], ready)).toMatchObject({ loadStatus: 'Success' });
  });

  it('counts errors, keeps the message, and resets the count on ready or load', () => {
    const failed = run([open(), error]);
    expect(failed).toMatchObject({
      loadStatus: 'Error',
      errorCount: 1,
      errorMessage: 'This address cannot be previewed',
    });
    expect(run([{ type: 'ready' }], failed).errorCount).toBe(0);
    expect(run([{ type: 'load' }], failed)).toMatchObject({ errorCount: 0, loadStatus: 'Success' });
  });

  it('keeps the count across retries of one address, and reports once at 2', () => {
    const once = run([open(), error, { type: 'retry' }]);
    expect(once).toMatchObject({ loadStatus: 'Loading', errorCount: 1, attempt: 2 });
    expect(shouldReportError(once)).toBe(false);
    const twice = run([error], once);
    expect(shouldReportError(twice)).toBe(true);
    const reported = run([{ type: 'reported' }], twice);
    expect(shouldReportError(reported)).toBe(false);
    expect(shouldReportError(run([open(), error], reported))).toBe(false);
  });

  it('opening the same address again is a retry; a new address starts afresh', () => {
    const failed = run([open(), error, { type: 'reported' }]);
    expect(run([open()], failed)).toMatchObject({ errorCount: 1, reported: true, attempt: 2 });
    const other = run([open('https://other.example.com/')], failed);
    expect(other).toMatchObject({
      errorCount: 0,
      reported: false,
      attempt: 2,
      loadStatus: 'Loading',
    });
  });

  it('keeps the meta the load told until the next load or address', () => {
    const meta = {
      requestedUrl: 'https://shop.example.com/',
      finalUrl: 'https://shop.example.com/',
      stats: { htmlBytes: 1_200, elementCount: 40, loadMs: 300 },
    };
    const loaded = run([open(), { type: 'ready' }, { type: 'pageMeta', meta }, { type: 'load' }]);
    expect(loaded.pageMeta).toEqual(meta);
    // Later messages of the same load change nothing else; a retry or another address forgets it.
    expect(run([{ type: 'load' }], loaded).pageMeta).toEqual(meta);
    expect(run([{ type: 'retry' }], loaded).pageMeta).toBeUndefined();
    expect(run([open('https://shop.example.com/other')], loaded).pageMeta).toBeUndefined();
  });
});
