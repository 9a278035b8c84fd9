import type { PageHttpStatus } from '@kindling/page-runtime';
import type { PreviewState } from './preview-state';

/** Whether the page in the preview is one worth testing, as far as the preview can tell. */
export type PageCheck =
  | { kind: 'pending' }
  | { kind: 'ok' }
  /** The site answered, but not with a page (404, 500...): the person must confirm it. */
  | { kind: 'warning'; httpStatus: PageHttpStatus }
  /** Nothing came back: refused, unreachable, timed out. */
  | { kind: 'unreachable'; message: string | undefined };

export const isSuccessStatus = (code: number): boolean => code >= 200 && code <= 299;

/** "HTTP 404 Not Found" */
export const httpStatusLabel = ({ code, text }: PageHttpStatus): string =>
  `HTTP ${code}${text ? ` ${text}` : ''}`;

/**
 * The frame's agent reports the site's status when it starts; an error before that means the
 * proxy answered its own error page, so the site was never reached. (A script error after the
 * agent started is the page's own, and says nothing about reaching it.)
 */
export function pageCheckOf(
  state: Pick<PreviewState, 'frameStatus' | 'loadStatus' | 'httpStatus' | 'errorMessage'>,
): PageCheck {
  if (state.frameStatus === 'Ready') {
    const { httpStatus } = state;
    if (httpStatus && !isSuccessStatus(httpStatus.code)) return { kind: 'warning', httpStatus };
    return { kind: 'ok' };
  }
  if (state.loadStatus === 'Error') return { kind: 'unreachable', message: state.errorMessage };
  return { kind: 'pending' };
}
