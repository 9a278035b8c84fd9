import { config } from './config';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

interface LogRecord {
  level: LogLevel;
  category: string;
  message: string;
  data?: unknown;
  time: string;
  url: string;
  user_locale: string;
  user_agent: string;
  device_pixel_ratio: number;
  screen: { width: number; height: number };
  window: { width: number; height: number };
}

/** Spec section 9: logged strings are cut at 1000 characters, at depth 10. */
const STRING_LIMIT = 1000;
const DEPTH_LIMIT = 10;
const BUFFER_LIMIT = 200;
const FLUSH_INTERVAL_MS = 10_000;

const buffer: LogRecord[] = [];
let flushTimer: number | undefined;

export function sanitize(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > STRING_LIMIT ? `${value.slice(0, STRING_LIMIT)}…` : value;
  }
  if (value instanceof Error) {
    return sanitize({ name: value.name, message: value.message, stack: value.stack }, depth);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= DEPTH_LIMIT) return '[depth limit]';
  if (Array.isArray(value)) return value.map((item) => sanitize(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = sanitize(item, depth + 1);
  return out;
}

function pageContext() {
  return {
    url: window.location.href,
    user_locale: navigator.language,
    user_agent: navigator.userAgent,
    device_pixel_ratio: window.devicePixelRatio,
    screen: { width: window.screen.width, height: window.screen.height },
    window: { width: window.innerWidth, height: window.innerHeight },
  };
}

function record(level: LogLevel, category: string, message: string, data?: unknown): void {
  const consoleMethod = level === 'debug' ? 'debug' : level;
  if (data === undefined) console[consoleMethod](`[${category}] ${message}`);
  else console[consoleMethod](`[${category}] ${message}`, data);

  if (!config.logEndpoint || level === 'debug') return;
  buffer.push({
    level,
    category,
    message: sanitize(message) as string,
    data: sanitize(data),
    time: new Date().toISOString(),
    ...pageContext(),
  });
  if (buffer.length > BUFFER_LIMIT) buffer.splice(0, buffer.length - BUFFER_LIMIT);
  flushTimer ??= window.setTimeout(flushLogs, FLUSH_INTERVAL_MS);
}

/** Sends the buffered records; sendBeacon so records survive the page being closed. */
export function flushLogs(): void {
  flushTimer = undefined;
  if (!config.logEndpoint || buffer.length === 0) return;
  const records = buffer.splice(0, buffer.length);
  const body = JSON.stringify({ records });
  const sent =
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(config.logEndpoint, new Blob([body], { type: 'application/json' }));
  if (!sent) {
    void fetch(config.logEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushLogs);
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
