import { CACHED_IMAGE_VARIANT_SIZE } from './constants';

// URL normalisation and validity, spec section 5. The rules mirror the common
// "isURL" defaults (http/https/ftp, protocol optional, TLD required, no
// underscores in the host, no trailing dot, no protocol-relative URLs). This is a
// form check only; the server still guards the addresses it actually fetches.

const DEFAULT_PROTOCOL = 'https://';
const ALLOWED_PROTOCOLS: readonly string[] = ['http', 'https', 'ftp'];
/** Historic browser limit, also the isURL default; longer input is refused. */
export const MAX_URL_LENGTH = 2083;
const MAX_HOST_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const MAX_PORT = 65_535;

/**
 * Trims the input and prefixes `https://` unless it already starts with
 * `http://` or `https://` (scheme compared case-insensitively). Empty stays
 * empty. Note that any other scheme is prefixed too, so `ftp://x.com` becomes
 * `https://ftp://x.com`, which isValidUrl rejects: pages are loaded over HTTP(S).
 */
export function normalizeUrl(input: string): string {
  const url = input.trim();
  if (url === '') return '';
  return /^https?:\/\//i.test(url) ? url : `${DEFAULT_PROTOCOL}${url}`;
}

// Schemes without "//" that would otherwise parse as "user:pass@host" or "host:port".
const OPAQUE_SCHEME = /^(?:mailto|javascript|vbscript|data|file|tel|sms|about|blob):/i;
const LABEL = /^[\p{L}\p{N}-]+$/u;
const TLD = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/**
 * Spec section 5. Decisions beyond the spec:
 * - IP-address hosts (IPv4 and bracketed IPv6) are invalid: a TLD is required and
 *   a numeric last label is not a TLD. For the same reason `localhost` is invalid.
 * - Ports 1..65535 are allowed; backslashes and `<`, `>` are refused anywhere
 *   (browsers read `\` as `/`, which would make the host ambiguous).
 * - Labels are 1..63 letters/digits/hyphens (Unicode letters allowed), not starting
 *   or ending with a hyphen; the host is at most 253 characters.
 */
export function isValidUrl(input: string): boolean {
  const url = input.trim();
  if (url === '' || url.length > MAX_URL_LENGTH) return false;
  if (/[\s<>\\]/u.test(url) || OPAQUE_SCHEME.test(url)) return false;

  let rest = beforeFirst(beforeFirst(url, '#'), '?');
  // Only a leading scheme counts: "://" later in the path is just path text.
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(rest);
  if (scheme) {
    if (!ALLOWED_PROTOCOLS.includes(scheme[1]!.toLowerCase())) return false;
    rest = rest.slice(scheme[0].length);
  } else if (rest.startsWith('//')) {
    return false;
  }

  const authority = beforeFirst(rest, '/');
  const hostAndPort = stripCredentials(authority);
  return hostAndPort !== undefined && isValidHostAndPort(hostAndPort);
}

function beforeFirst(value: string, separator: string): string {
  const at = value.indexOf(separator);
  return at < 0 ? value : value.slice(0, at);
}

/** Returns host[:port] without `user:pass@`, or undefined when the credentials are malformed. */
function stripCredentials(authority: string): string | undefined {
  const parts = authority.split('@');
  if (parts.length === 1) return authority;
  const [credentials = '', hostAndPort = '', ...extra] = parts;
  if (extra.length > 0 || credentials === '') return undefined;
  const pieces = credentials.split(':');
  if (pieces.length > 2) return undefined;
  const [user = '', password = ''] = pieces;
  if (user === '' && password === '') return undefined;
  return hostAndPort;
}

function isValidHostAndPort(hostAndPort: string): boolean {
  if (hostAndPort.startsWith('[')) return false; // IPv6 literal: no TLD
  const [host = '', port, ...extra] = hostAndPort.split(':');
  if (extra.length > 0) return false;
  if (port !== undefined && port !== '' && !isValidPort(port)) return false;
  return isValidHostname(host);
}

function isValidPort(port: string): boolean {
  if (!/^\d{1,5}$/.test(port)) return false;
  const value = Number(port);
  return value >= 1 && value <= MAX_PORT;
}

export function isValidHostname(host: string): boolean {
  if (host === '' || host.length > MAX_HOST_LENGTH || host.endsWith('.')) return false;
  const labels = host.split('.');
  const tld = labels[labels.length - 1];
  if (labels.length < 2 || tld === undefined || !TLD.test(tld)) return false;
  return labels.every(isValidLabel);
}

function isValidLabel(label: string): boolean {
  return (
    label.length >= 1 &&
    label.length <= MAX_LABEL_LENGTH &&
    LABEL.test(label) &&
    !label.startsWith('-') &&
    !label.endsWith('-')
  );
}

// The WHATWG URL parser, present in browsers and Node; declared here because the domain
// package is type-checked without DOM or Node types.
declare const URL: new (url: string, base?: string) => { protocol: string };

/** Where uploaded variant images are served. */
export const UPLOADS_PREFIX = '/api/files/uploads';
// Computed in functions marked pure, so that a bundle which never uses them (the tracker, on a
// 6 KB budget) leaves them out: esbuild keeps any top-level expression that might have effects.
/** The suffix of an upload's cached copy: `{uuid}-600x336.webp`. */
export const UPLOAD_THUMB_SUFFIX = /* @__PURE__ */ (() => {
  const { width, height } = CACHED_IMAGE_VARIANT_SIZE;
  return `-${width}x${height}.webp`;
})();
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `{uuid}.{jpg|png|gif}` or `{uuid}-600x336.webp`: the only upload names there are. */
export const UPLOAD_FILE_NAME = /* @__PURE__ */ (() =>
  new RegExp(`^${UUID}(?:\\.(?:jpg|png|gif)|${UPLOAD_THUMB_SUFFIX.replaceAll('.', '\\.')})$`))();
const isUploadPath = (src: string) =>
  src.startsWith(`${UPLOADS_PREFIX}/`) &&
  UPLOAD_FILE_NAME.test(src.slice(UPLOADS_PREFIX.length + 1));
/** Characters that end an attribute or a CSS string: never part of an image address we use. */
const BREAKING = /[\s"'`<>\\]/u;

/**
 * An http(s) address with none of the characters that end an attribute or a CSS string.
 * `base` resolves a relative address (the page runtime passes the page's address); without it
 * the address must be absolute. `javascript:`, `data:`, quotes and brackets are refused.
 */
export function isHttpAddress(src: string, base?: string): boolean {
  if (src === '' || src.length > MAX_URL_LENGTH || BREAKING.test(src)) return false;
  try {
    const { protocol } = base === undefined ? new URL(src) : new URL(src, base);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * An image a variant may store: an http(s) address or one of our own upload paths. (The page
 * runtime checks `isHttpAddress` again: the tracker's configuration serves uploads absolute.)
 */
export const isAllowedImageSource = (src: string): boolean =>
  isUploadPath(src) || isHttpAddress(src);
