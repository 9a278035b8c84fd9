import {
  LANDMARKS,
  MAX_POPUP_CLICKS,
  VARIANT_ATTRIBUTES,
  type ElementFingerprint,
  type PageMeta,
  VARIANT_INSERT_MAX_LENGTH,
  REDIRECT_MAX_LENGTH,
  VARIANT_CODE_MAX_LENGTH,
  VARIANT_CSS_MAX_LENGTH,
  VARIANT_INSERT_POSITIONS,
  VARIANT_MOVE_POSITIONS,
  VARIANT_MOVE_TARGET_MAX_LENGTH,
} from '@kindling/domain';
import type { ElementDescription } from './describe-element';
import { PREVIEW_CHANNEL } from './channel';
import { LAYOUT_PROPERTIES, PAGE_MUTATION_TYPES, type PageMutation } from './mutation-types';

export { PREVIEW_CHANNEL, STALE_SELECTOR_ERROR } from './channel';

// Editor <-> preview messages (spec section 7), each tagged with PREVIEW_CHANNEL. The page
// bundle stays free of zod, hence the hand-written shape checks.

export const PREVIEW_MODES = [
  'ClosePopups',
  'EditElements',
  'EditGoals',
  'CampaignPreview',
  // Any element, for a move's target (issue 32).
  'PickTarget',
] as const;
export type PreviewMode = (typeof PREVIEW_MODES)[number];
export const INTERACTION_MODES = ['default', 'selecting'] as const;
export type InteractionMode = (typeof INTERACTION_MODES)[number];

export type ToPreviewMessage =
  | { type: 'context'; selector: string; requestId: string }
  | { type: 'focus'; selector: string }
  /** Where `selector` matches no single element, the agent looks for this one. */
  | { type: 'fingerprint'; selector: string; fingerprint: ElementFingerprint }
  | { type: 'mode'; mode: PreviewMode; interaction: InteractionMode; highlight?: string[] }
  /** Undoes every mutation applied so far (all, or those aimed at `selector`). */
  | { type: 'reset'; selector?: string }
  /** Clicks each selector in order (the recorded pop-up clicks), skipping ones not shown. */
  | { type: 'replayClicks'; selectors: string[] }
  | (PageMutation & { requestId?: string });

/** The site's answer to the proxy, passed on because the frame cannot read it. */
export interface PageHttpStatus {
  code: number;
  text: string;
}

export type FromPreviewMessage =
  | { type: 'ready'; httpStatus?: PageHttpStatus }
  | { type: 'load' }
  /** Once the page has loaded: what it says about itself and what the proxy measured. */
  | { type: 'pageMeta'; meta: PageMeta }
  | { type: 'error'; message: string }
  | { type: 'context'; requestId: string; element: ElementDescription }
  | { type: 'context'; requestId: string; error: string }
  | { type: 'pick'; element: ElementDescription }
  /** Answer to a mutation sent with a requestId: how many elements it changed. */
  | { type: 'applied'; requestId: string; count: number }
  /** In ClosePopups: the person clicked this element (recorded to close pop-ups again). */
  | { type: 'popupClick'; selector: string }
  /** The replay asked for is over; `clicked` of the selectors were found and clicked. */
  | { type: 'replayed'; clicked: number };

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown, max = 10_000): value is string =>
  typeof value === 'string' && value.length <= max;
const isSelector = (value: unknown): value is string =>
  isString(value, 2_000) && value.trim() !== '';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isLength = (value: unknown): boolean => isNumber(value) && value >= 0 && value <= 10_000;
const isColor = (value: unknown): boolean =>
  isNumber(value) && Number.isInteger(value) && value >= -(2 ** 31) && value <= 2 ** 32 - 1;
const hasLengths = (value: unknown, keys: readonly string[]): boolean =>
  isRecord(value) && keys.every((key) => isLength(value[key]));
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  values.includes(value as T);

const MUTATION_CHECKS: Record<PageMutation['type'], (message: Fields) => boolean> = {
  textValue: (m) =>
    isString(m.value, 100_000) && (m.html === undefined || isString(m.html, 100_000)),
  textColor: (m) => isColor(m.value),
  backgroundColor: (m) => isColor(m.value),
  borderColor: (m) => isColor(m.value),
  fontSize: (m) => isLength(m.value) && (m.value as number) > 0,
  borderWidth: (m) => isLength(m.value),
  padding: (m) => hasLengths(m.value, ['top', 'right', 'bottom', 'left']),
  borderRadius: (m) => hasLengths(m.value, ['topLeft', 'topRight', 'bottomLeft', 'bottomRight']),
  imageSrc: (m) => isString(m.src, 2_000_000),
  replaceContent: (m) => isString(m.html, 500_000),
  hideElement: (m) => Array.isArray(m.selectors) && m.selectors.every(isSelector),
  link: (m) => isString(m.href, 2048),
  attribute: (m) => isOneOf(VARIANT_ATTRIBUTES, m.name) && isString(m.value, 500),
  insert: (m) =>
    isOneOf(VARIANT_INSERT_POSITIONS, m.position) && isString(m.html, VARIANT_INSERT_MAX_LENGTH),
  move: (m) =>
    isOneOf(VARIANT_MOVE_POSITIONS, m.position) &&
    isString(m.target, VARIANT_MOVE_TARGET_MAX_LENGTH) &&
    (m.copy === undefined || typeof m.copy === 'boolean'),
  redirect: (m) => isString(m.url, REDIRECT_MAX_LENGTH),
  css: (m) => isString(m.css, VARIANT_CSS_MAX_LENGTH),
  code: (m) => isString(m.code, VARIANT_CODE_MAX_LENGTH),
  layout: (m) =>
    isRecord(m.styles) &&
    Object.entries(m.styles).every(
      ([key, value]) => isOneOf(LAYOUT_PROPERTIES, key) && isString(value, 200),
    ),
};

const isStrings = (value: unknown, max: number): boolean =>
  Array.isArray(value) && value.length <= max && value.every((item) => isString(item, 80));

/** The shape of domain's elementFingerprintSchema, checked by hand (no zod in the page). */
function isFingerprint(value: unknown): value is ElementFingerprint {
  if (!isRecord(value) || !isString(value.tag, 40) || !/^[a-z][\w-]*$/i.test(value.tag)) {
    return false;
  }
  const { text, attrs, classes, landmark, path, index } = value;
  return (
    (text === undefined || isString(text, 80)) &&
    (attrs === undefined ||
      (isRecord(attrs) &&
        Object.entries(attrs).length <= 20 &&
        Object.values(attrs).every((item) => isString(item, 200)))) &&
    (classes === undefined || isStrings(classes, 20)) &&
    (landmark === undefined || isOneOf(LANDMARKS, landmark)) &&
    (path === undefined || isStrings(path, 10)) &&
    (index === undefined || isLength(index))
  );
}

function isMutation(message: Fields): boolean {
  if (!isOneOf(PAGE_MUTATION_TYPES, message.type)) return false;
  if (message.type !== 'hideElement' && !isSelector(message.selector)) return false;
  if (message.requestId !== undefined && !isString(message.requestId, 200)) return false;
  return MUTATION_CHECKS[message.type](message);
}

/** The message, typed, when `data` is a well-formed editor -> preview message; else undefined. */
export function parseToPreviewMessage(data: unknown): ToPreviewMessage | undefined {
  if (!isRecord(data) || data.channel !== PREVIEW_CHANNEL) return undefined;
  const valid = (() => {
    switch (data.type) {
      case 'context':
        return isSelector(data.selector) && isString(data.requestId, 200);
      case 'focus':
        return isSelector(data.selector);
      case 'fingerprint':
        return isSelector(data.selector) && isFingerprint(data.fingerprint);
      case 'mode':
        return (
          isOneOf(PREVIEW_MODES, data.mode) &&
          isOneOf(INTERACTION_MODES, data.interaction) &&
          (data.highlight === undefined ||
            (Array.isArray(data.highlight) && data.highlight.every(isSelector)))
        );
      case 'reset':
        return data.selector === undefined || isSelector(data.selector);
      case 'replayClicks':
        return (
          Array.isArray(data.selectors) &&
          data.selectors.length <= MAX_POPUP_CLICKS &&
          data.selectors.every(isSelector)
        );
      default:
        return isMutation(data);
    }
  })();
  return valid ? (data as unknown as ToPreviewMessage) : undefined;
}
