import { isTokenExpired } from './jwt';
import { logger, setLogAccessToken } from './logger';

export interface SessionTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

const STORAGE_KEY = 'kindling.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let tokens: SessionTokens | null = readStoredTokens();
let refreshing: Promise<string | null> | null = null;
// Posted log records name the signed-in user (sent to this server only).
setLogAccessToken(() => tokens?.accessToken ?? null);

function isSessionTokens(value: unknown): value is SessionTokens {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.accessToken === 'string' &&
    typeof candidate.idToken === 'string' &&
    typeof candidate.refreshToken === 'string'
  );
}

function readStoredTokens(): SessionTokens | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    return isSessionTokens(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSession(): SessionTokens | null {
  return tokens;
}

export function isSignedIn(): boolean {
  return tokens !== null;
}

export function storeSession(next: SessionTokens | null): void {
  tokens = next;
  if (next) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  else localStorage.removeItem(STORAGE_KEY);
  notify();
}

export function clearSession(): void {
  storeSession(null);
}

/** For useSyncExternalStore: re-render when the user signs in or out (in any tab). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    tokens = readStoredTokens();
    notify();
  });
}

async function requestRefresh(): Promise<string | null> {
  // Another tab may have rotated the refresh token already; use its result.
  const stored = readStoredTokens();
  if (stored && stored.refreshToken !== tokens?.refreshToken) {
    tokens = stored;
    if (!isSessionExpired(stored)) return stored.accessToken;
  }
  const current = tokens;
  if (!current) return null;

  let response: Response;
  try {
    response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken: current.refreshToken }),
    });
  } catch (error) {
    // A network error says nothing about the session: keep the tokens and let the caller fail.
    logger.warn('auth', 'Session refresh failed: network error', error);
    throw error;
  }

  if (response.status >= 500) {
    // The server is unwell, the session may still be fine; treat like a network error.
    throw new TypeError(`Session refresh failed with status ${response.status}`);
  }
  if (!response.ok) {
    logger.info('auth', 'Session refresh rejected; signing out', { status: response.status });
    clearSession();
    return null;
  }
  const body: unknown = await response.json();
  if (!isSessionTokens(body)) {
    clearSession();
    return null;
  }
  storeSession(body);
  return body.accessToken;
}

/** Refreshes the session once, however many callers ask at the same time. Null = signed out. */
export function refreshSession(): Promise<string | null> {
  refreshing ??= requestRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function isSessionExpired(session: SessionTokens, nowMs: number = Date.now()): boolean {
  return isTokenExpired(session.accessToken, nowMs) || isTokenExpired(session.idToken, nowMs);
}

/** The access token to send, refreshed first when the access or id token has expired. */
export async function getAccessToken(): Promise<string | null> {
  const current = tokens;
  if (!current) return null;
  if (isSessionExpired(current)) return refreshSession();
  return current.accessToken;
}

/** Revokes the session on the server (best effort) and forgets it locally. */
export async function signOut(): Promise<void> {
  const current = tokens;
  if (!current) return;
  let accessToken = current.accessToken;
  try {
    accessToken = (await getAccessToken()) ?? accessToken;
  } catch {
    // Offline: still sign out locally below.
  }
  clearSession();
  try {
    await fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${accessToken}`,
      },
      body: JSON.stringify({ refreshToken: current.refreshToken }),
    });
  } catch (error) {
    logger.warn('auth', 'Sign-out request failed', error);
  }
}
