import pino, { type DestinationStream, type LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/**
 * Error fields that hold a query's values or a row's content: PGlite's `params` (every bound
 * value: password hashes, key hashes, e-mails), the `detail` of pg and PGlite ("Failing row
 * contains (…)" lists the whole row, "Key (email)=(…)" the value). Dropped, not masked: their
 * content is data, and no pattern can tell every secret or personal value apart.
 */
const DROPPED_ERROR_FIELDS = new Set([
  'params',
  'parameters',
  'values',
  'bindings',
  'detail',
  'queryOptions',
]);

/** Field names whose value is a credential whatever it looks like. */
const SECRET_NAME = /pass(word|wd)?|secret|token|authori[sz]ation|cookie|api[-_]?key|hash/i;

/** Top-level and one-level-deep log fields redacted by pino itself (not only in errors). */
const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'secret',
  'authorization',
].flatMap((name) => [name, `*.${name}`]);

const BCRYPT = /\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}/g;
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const API_KEY = /\bkk_[\w-]+/g;
/** sha-256 and other digests: what we store for refresh tokens, API keys and links. */
const HEX_DIGEST = /\b[0-9a-f]{32,}\b/gi;
const EMAIL = /[^\s@"'`(),;:<>/\\[\]{}=]+@[^\s@"'`(),;:<>/\\[\]{}=]+\.[a-z]{2,}/gi;
/** A long run of URL-safe base64 is a candidate; it is a secret if it mixes cases and digits. */
const LONG_TOKEN = /(?<![\w-])[\w-]{40,}(?![\w-])/g;
const isRandomLooking = (text: string) =>
  /[0-9]/.test(text) && /[A-Z]/.test(text) && /[a-z]/.test(text);

/** Masks what looks like a credential or an e-mail address inside free text. */
export function maskSecrets(text: string): string {
  return text
    .replace(BCRYPT, REDACTED)
    .replace(JWT, REDACTED)
    .replace(API_KEY, REDACTED)
    .replace(HEX_DIGEST, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(LONG_TOKEN, (match) => (isRandomLooking(match) ? REDACTED : match));
}

const MAX_DEPTH = 3;

function isErrorShaped(value: object): value is Record<string, unknown> {
  const record = value as Record<string, unknown>;
  return typeof record.message === 'string' && typeof record.stack === 'string';
}

/**
 * Keeps an error's scalar fields (code, severity, table, constraint, routine, the SQL text…) with
 * secrets masked, nested errors the same way, and drops every other nested structure: Kysely's
 * operation nodes and drivers' option objects can carry a query's values.
 */
function scrubFields(fields: Record<string, unknown>, depth: number): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (DROPPED_ERROR_FIELDS.has(key)) continue;
    if (SECRET_NAME.test(key)) kept[key] = REDACTED;
    else if (typeof value === 'string') kept[key] = maskSecrets(value);
    else if (value === null || typeof value !== 'object') kept[key] = value;
    else if (depth >= MAX_DEPTH) continue;
    else if (Array.isArray(value) && key === 'aggregateErrors') {
      kept[key] = value.map((item: unknown) =>
        typeof item === 'object' && item !== null
          ? scrubFields(item as Record<string, unknown>, depth + 1)
          : REDACTED,
      );
    } else if (!Array.isArray(value) && isErrorShaped(value)) {
      kept[key] = scrubFields(value, depth + 1);
    }
  }
  return kept;
}

/** pino's `err` serializer with query values, row contents and secret-looking text removed. */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (typeof error !== 'object' || error === null) {
    const text = maskSecrets(String(error));
    return { type: typeof error, message: text, stack: '' };
  }
  const plain = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const scrubbed = scrubFields(plain, 0);
  return {
    ...scrubbed,
    type: typeof scrubbed.type === 'string' ? scrubbed.type : 'Error',
    message: typeof scrubbed.message === 'string' ? scrubbed.message : '',
    stack: typeof scrubbed.stack === 'string' ? scrubbed.stack : '',
  };
}

/** The Fastify `logger` options; `stream` replaces standard output (tests capture lines). */
export function loggerOptions({
  level,
  stream,
}: {
  level: string;
  stream?: DestinationStream | undefined;
}) {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      // Query strings can carry secrets (validate-password), so only the path is logged.
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
      }),
      err: serializeError,
    },
    ...(stream ? { stream } : {}),
  } satisfies LoggerOptions & { stream?: DestinationStream };
}
