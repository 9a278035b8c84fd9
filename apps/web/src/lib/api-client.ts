import { logger } from './logger';
import { getAccessToken, refreshSession } from './session';

/** A failed API call, parsed from `{error: {code, message, fields}}`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Please check your connection.';

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryPayload = Record<string, QueryValue>;

/** "?a=1&b=2" from a payload object (undefined/null values skipped), "" when empty. */
export function buildQuery(payload?: QueryPayload): string {
  if (!payload) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** `/api{path}?query` */
export function apiPath(path: string, query?: QueryPayload): string {
  return `/api${path}${buildQuery(query)}`;
}

/** `/api/team/{team}{path}?query` */
export function teamApiPath(team: string, path: string, query?: QueryPayload): string {
  return `/api/team/${encodeURIComponent(team)}${path}${buildQuery(query)}`;
}

/** Anything with a zod-like `parse`, so this module stays free of a schema library. */
export interface Parser<T> {
  parse: (data: unknown) => T;
}

interface RequestOptions<T> {
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
  schema?: Parser<T>;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

async function send(
  method: Method,
  url: string,
  token: string | null,
  options: RequestOptions<unknown>,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body sets its own multipart Content-Type, boundary included.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(url, {
      method,
      headers,
      body: encodeBody(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error =
    typeof body === 'object' && body !== null && 'error' in body ? body.error : undefined;
  if (typeof error === 'object' && error !== null) {
    const { code, message, fields } = error as Record<string, unknown>;
    return new ApiError(
      response.status,
      typeof code === 'string' ? code : 'UNKNOWN',
      typeof message === 'string' && message ? message : response.statusText,
      isStringRecord(fields) ? fields : {},
    );
  }
  return new ApiError(response.status, 'UNKNOWN', response.statusText || 'Request failed');
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((item) => typeof item === 'string')
  );
}

/** A refresh that failed on the network keeps the session; the call fails as a network error. */
async function networkSafe(step: () => Promise<string | null>): Promise<string | null> {
  try {
    return await step();
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
}

/** Sends the request with the session's token (refreshed once on a 401); a refusal throws. */
async function respond(
  method: Method,
  url: string,
  options: RequestOptions<unknown>,
): Promise<Response> {
  const auth = options.auth ?? true;
  const token = auth ? await networkSafe(getAccessToken) : null;
  let response = await send(method, url, token, options);

  if (response.status === 401 && auth && token) {
    const refreshed = await networkSafe(refreshSession);
    if (refreshed) response = await send(method, url, refreshed, options);
  }

  if (!response.ok) {
    const error = await toApiError(response);
    // A 401 is an expected state (signed out, expired), not a bug worth reporting.
    if (error.status === 401) logger.info('api', `${method} ${url} -> 401`);
    else logger.error('api', `${method} ${url} -> ${error.status} ${error.code}`, error.message);
    throw error;
  }
  return response;
}

export async function request<T>(
  method: Method,
  url: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const response = await respond(method, url, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return options.schema ? options.schema.parse(data) : (data as T);
}

export const api = {
  get: <T>(url: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('GET', url, options),
  post: <T>(url: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('POST', url, { ...options, body: body ?? {} }),
  /** Multipart upload: the FormData is sent as is (it can be re-sent after a token refresh). */
  postForm: <T>(url: string, form: FormData, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('POST', url, { ...options, body: form }),
  delete: <T = void>(url: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('DELETE', url, options),
  /** A file the server answers (CSV, NDJSON): what a plain link cannot fetch with the token. */
  getFile: async (url: string): Promise<Blob> => (await respond('GET', url, {})).blob(),
};
