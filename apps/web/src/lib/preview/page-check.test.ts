import { describe, expect, it } from 'vitest';
import { httpStatusLabel, pageCheckOf } from './page-check';
import { initialPreviewState, previewReducer, type PreviewAction } from './preview-state';

const after = (...actions: PreviewAction[]) =>
  pageCheckOf(actions.reduce(previewReducer, initialPreviewState));
const open: PreviewAction = { type: 'open', url: 'https://shop.example.com/' };
const notFound = { code: 404, text: 'Not Found' };

describe('page check', () => {
  it('is pending until the agent has said how the site answered', () => {
    expect(after()).toEqual({ kind: 'pending' });
    expect(after(open)).toEqual({ kind: 'pending' });
  });

  it('is ok for a 2xx page, and for an agent that gave no status', () => {
    expect(after(open, { type: 'ready', httpStatus: { code: 200, text: 'OK' } })).toEqual({
      kind: 'ok',
    });
    expect(after(open, { type: 'ready' })).toEqual({ kind: 'ok' });
  });

  it('warns about any other answer, even once the page has loaded', () => {
    expect(after(open, { type: 'ready', httpStatus: notFound }, { type: 'load' })).toEqual({
      kind: 'warning',
      httpStatus: notFound,
    });
    expect(after(open, { type: 'ready', httpStatus: { code: 503, text: '' } }).kind).toBe(
      'warning',
    );
  });

  it('is unreachable when the proxy’s error page spoke before any agent', () => {
    expect(after(open, { type: 'error', message: 'This address cannot be previewed' })).toEqual({
      kind: 'unreachable',
      message: 'This address cannot be previewed',
    });
  });

  it('does not call a page with a script error unreachable', () => {
    const ready = { type: 'ready', httpStatus: { code: 200, text: 'OK' } } as const;
    expect(after(open, ready, { type: 'error', message: 'Script error' })).toEqual({ kind: 'ok' });
  });

  it('starts over on a retry', () => {
    expect(after(open, { type: 'ready', httpStatus: notFound }, { type: 'retry' })).toEqual({
      kind: 'pending',
    });
  });

  it('labels a status as people read it', () => {
    expect(httpStatusLabel(notFound)).toBe('HTTP 404 Not Found');
    expect(httpStatusLabel({ code: 599, text: '' })).toBe('HTTP 599');
  });
});
