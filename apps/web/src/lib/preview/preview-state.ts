import type { PageMeta } from '@kindling/domain';
import type { PageHttpStatus } from '@kindling/page-runtime';

export type FrameStatus = 'Initial' | 'Ready';
export type LoadStatus = 'Initial' | 'Loading' | 'Success' | 'Error';

export interface PreviewState {
  url: string | undefined;
  /** Bumped on every (re)load so the frame is recreated even for the same address. */
  attempt: number;
  frameStatus: FrameStatus;
  loadStatus: LoadStatus;
  errorCount: number;
  errorMessage: string | undefined;
  /** The server has been told about this address already (spec: once per address). */
  reported: boolean;
  /** The site's own answer to the proxy, once the frame's agent has said it. */
  httpStatus: PageHttpStatus | undefined;
  /**
   * The meta the frame's agent told once this load finished. Kept here, with the load itself,
   * so a listener that subscribes a render later cannot miss it.
   */
  pageMeta: PageMeta | undefined;
}

export type PreviewAction =
  | { type: 'open'; url: string }
  | { type: 'retry' }
  | { type: 'ready'; httpStatus?: PageHttpStatus | undefined }
  | { type: 'load' }
  | { type: 'pageMeta'; meta: PageMeta }
  | { type: 'error'; message: string }
  | { type: 'reported' };

/** Errors in a row after which the failure is reported to the server (spec section 4). */
export const REPORT_AFTER_ERRORS = 2;

export const initialPreviewState: PreviewState = {
  url: undefined,
  attempt: 0,
  frameStatus: 'Initial',
  loadStatus: 'Initial',
  errorCount: 0,
  errorMessage: undefined,
  reported: false,
  httpStatus: undefined,
  pageMeta: undefined,
};

export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case 'open':
      if (action.url === state.url) return previewReducer(state, { type: 'retry' });
      return {
        ...initialPreviewState,
        url: action.url,
        attempt: state.attempt + 1,
        loadStatus: 'Loading',
      };
    case 'retry':
      // The error count survives a retry: two failed attempts at one address is what gets reported.
      return {
        ...state,
        attempt: state.attempt + 1,
        frameStatus: 'Initial',
        loadStatus: 'Loading',
        errorMessage: undefined,
        httpStatus: undefined,
        pageMeta: undefined,
      };
    case 'ready':
      return { ...state, frameStatus: 'Ready', errorCount: 0, httpStatus: action.httpStatus };
    case 'load':
      return { ...state, loadStatus: 'Success', errorCount: 0, errorMessage: undefined };
    case 'pageMeta':
      return { ...state, pageMeta: action.meta };
    case 'error':
      return {
        ...state,
        loadStatus: 'Error',
        errorCount: state.errorCount + 1,
        errorMessage: action.message,
      };
    case 'reported':
      return { ...state, reported: true };
  }
}

export const shouldReportError = (state: PreviewState): boolean =>
  state.url !== undefined && state.errorCount >= REPORT_AFTER_ERRORS && !state.reported;
