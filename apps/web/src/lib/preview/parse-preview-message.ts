import { elementFingerprintSchema, pageMetaSchema, type DomStats } from '@kindling/domain';
import {
  PREVIEW_CHANNEL,
  type ElementDescription,
  type FromPreviewMessage,
} from '@kindling/page-runtime';

// page-runtime checks only what the frame receives; the app checks the other direction here.
// The frame runs the customer's page, so every field is untrusted until it passes.

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown, max = 100_000): value is string =>
  typeof value === 'string' && value.length <= max;
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const STAT_KEYS: Record<keyof DomStats, readonly string[]> = {
  textColor: ['value'],
  backgroundColor: ['value'],
  borderColor: ['value'],
  fontSize: ['size'],
  borderWidth: ['width'],
  padding: ['top', 'right', 'bottom', 'left'],
  borderRadius: ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'],
};

function isDomStats(value: unknown): value is DomStats {
  if (!isRecord(value)) return false;
  return Object.entries(STAT_KEYS).every(([stat, keys]) => {
    const list = value[stat];
    return (
      Array.isArray(list) &&
      list.length <= 200 &&
      list.every((entry) => isRecord(entry) && keys.every((key) => isNumber(entry[key])))
    );
  });
}

export function isElementDescription(value: unknown): value is ElementDescription {
  if (!isRecord(value)) return false;
  const { dimensions } = value;
  return (
    isString(value.selector, 2_000) &&
    (value.type === 'text' || value.type === 'image' || value.type === 'layout') &&
    isString(value.tagName, 100) &&
    typeof value.clickable === 'boolean' &&
    isString(value.text) &&
    isString(value.html) &&
    (value.src === undefined || isString(value.src, 2_000_000)) &&
    isRecord(dimensions) &&
    isNumber(dimensions.width) &&
    isNumber(dimensions.height) &&
    isDomStats(value.domStats) &&
    (value.fingerprint === undefined ||
      elementFingerprintSchema.safeParse(value.fingerprint).success)
  );
}

const isHttpStatus = (value: unknown): boolean =>
  isRecord(value) &&
  isNumber(value.code) &&
  Number.isInteger(value.code) &&
  value.code >= 100 &&
  value.code <= 599 &&
  isString(value.text, 200);

function isValid(data: Fields): boolean {
  switch (data.type) {
    case 'ready':
      return data.httpStatus === undefined || isHttpStatus(data.httpStatus);
    case 'load':
      return true;
    case 'popupClick':
      return isString(data.selector, 2_000) && data.selector.trim() !== '';
    case 'replayed':
      return isNumber(data.clicked);
    case 'error':
      return isString(data.message, 2_000);
    case 'pick':
      return isElementDescription(data.element);
    case 'context':
      return (
        isString(data.requestId, 200) &&
        (isElementDescription(data.element) || isString(data.error, 2_000))
      );
    case 'applied':
      return isString(data.requestId, 200) && isNumber(data.count);
    default:
      return false;
  }
}

/** The message, typed, when `data` is a well-formed preview -> editor message; else undefined. */
export function parseFromPreviewMessage(data: unknown): FromPreviewMessage | undefined {
  if (!isRecord(data) || data.channel !== PREVIEW_CHANNEL) return undefined;
  if (data.type === 'pageMeta') {
    // Only the schema's fields go on: the page must not add keys to the campaign's meta.
    const meta = pageMetaSchema.safeParse(data.meta);
    return meta.success ? { type: 'pageMeta', meta: meta.data } : undefined;
  }
  return isValid(data) ? (data as unknown as FromPreviewMessage) : undefined;
}
