import { cutLogString, cutLogUrl, type ClientLogRecord } from '@kindling/domain';
import {
  batchBodies,
  isSameOrigin,
  KEEPALIVE_BYTES,
  recordsToSend,
  sanitize,
  type LogSettings,
} from './log-rules';
import { fetchClientConfig } from './client-config';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const BUFFER_LIMIT = 200;
const FLUSH_INTERVAL_MS = 10_000;
/** Errors go out sooner: a page left open should not sit on them. */
const ERROR_FLUSH_MS = 1000;
const encoder = new TextEncoder();
/** Browser noise, not a fault of ours: layout settled a frame late. */
const IGNORED_ERRORS = /ResizeObserver loop/;

const buffer: ClientLogRecord[] = [];
let flushTimer: number | undefined;
/** undefined: not asked yet; null: unknown (the request failed), so nothing is posted. */
let settings: Promise<LogSettings | null> | undefined;
let resolvedSettings: LogSettings | null | undefined;
let accessToken: () => string | null = () => null;

/** Lets posted records name the signed-in user; set by the session module (no import cycle). */
export function setLogAccessToken(read: () => string | null): void {
  accessToken = read;
}

/** Where logs go and which categories: the server says (GET /api/client-config), once a page. */
function loadSettings(): Promise<LogSettings | null> {
  settings ??= fetchClientConfig().then((config) => (resolvedSettings = config?.logs ?? null));
  return settings;
}

function pageContext() {
  return {
    // Without the fragment: it can hold a one-time sign-on code (/admin/auth/sso#code=…).
    url: cutLogUrl(window.location.href.split('#')[0]!),
    user_locale: cutLogString(navigator.language, 100),
    user_agent: cutLogString(navigator.userAgent),
    device_pixel_ratio: window.devicePixelRatio || 1,
    screen: { width: window.screen.width, height: window.screen.height },
    window: { width: window.innerWidth, height: window.innerHeight },
  };
}

function record(level: LogLevel, category: string, message: string, data?: unknown): void {
  const consoleMethod = level === 'debug' ? 'debug' : level;
  if (data === undefined) console[consoleMethod](`[${category}] ${message}`);
  else console[consoleMethod](`[${category}] ${message}`, data);

  // Debug records stay in the console; the rest are posted (spec section 7).
  if (level === 'debug' || typeof window === 'undefined' || resolvedSettings === null) return;
  buffer.push({
    level,
    category: cutLogString(category, 100),
    message: cutLogString(message),
    ...(data === undefined ? {} : { data: sanitize(data) }),
    time: new Date().toISOString(),
    ...pageContext(),
  });
  if (buffer.length > BUFFER_LIMIT) buffer.splice(0, buffer.length - BUFFER_LIMIT);
  const delay = level === 'error' ? ERROR_FLUSH_MS : FLUSH_INTERVAL_MS;
  if (flushTimer !== undefined && level === 'error') window.clearTimeout(flushTimer);
  if (flushTimer === undefined || level === 'error') {
    flushTimer = window.setTimeout(() => void flushLogs(), delay);
  }
}

/**
 * Posts the buffered records the configured categories let through, in batches. fetch with
 * keepalive, so records still arrive when the page is closing; the session's token goes only
 * to this server, never to another collector (which gets text/plain: no CORS preflight).
 */
export async function flushLogs(): Promise<void> {
  if (flushTimer !== undefined) window.clearTimeout(flushTimer);
  flushTimer = undefined;
  if (buffer.length === 0) return;
  const logs = resolvedSettings === undefined ? await loadSettings() : resolvedSettings;
  const records = buffer.splice(0, buffer.length);
  if (!logs) return;
  const sameOrigin = isSameOrigin(logs.endpoint, window.location.origin);
  const token = sameOrigin ? accessToken() : null;
  const headers: Record<string, string> = {
    'Content-Type': sameOrigin ? 'application/json' : 'text/plain',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  for (const body of batchBodies(recordsToSend(records, logs))) {
    void fetch(logs.endpoint, {
      method: 'POST',
      headers,
      body,
      keepalive: encoder.encode(body).length <= KEEPALIVE_BYTES,
      credentials: sameOrigin ? 'same-origin' : 'omit',
    }).catch(() => undefined);
  }
}

/**
 * Uncaught interface errors are logged with the current path (spec section 8); an API answer
 * 401 that nobody caught is an expected state (signed out, expired), not logged as an error.
 */
export function logUncaughtError(error: unknown): void {
  const data = { path: window.location.pathname, error };
  if (isUnauthenticated(error)) logger.info('ui', 'Uncaught 401 answer', data);
  else logger.error('ui', 'Uncaught interface error', data);
}

function isUnauthenticated(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 401;
}

if (typeof window !== 'undefined') {
  // Asked early, so the first flush need not wait for it.
  void loadSettings();
  window.addEventListener('pagehide', () => void flushLogs());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushLogs();
  });
  // Errors no error boundary sees: thrown in event handlers and timers, rejected promises.
  window.addEventListener('error', (event) => {
    if (!IGNORED_ERRORS.test(event.message)) logUncaughtError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => logUncaughtError(event.reason));
}

export const logger = {
  debug: (category: string, message: string, data?: unknown) =>
    record('debug', category, message, data),
  info: (category: string, message: string, data?: unknown) =>
    record('info', category, message, data),
  warn: (category: string, message: string, data?: unknown) =>
    record('warn', category, message, data),
  error: (category: string, message: string, data?: unknown) =>
    record('error', category, message, data),
};
