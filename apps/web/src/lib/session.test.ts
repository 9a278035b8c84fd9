import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let serial = 0;
function fakeJwt(expSeconds: number): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: expSeconds, jti: ++serial })}.sig`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const fresh = () => fakeJwt(nowSeconds() + 3600);
const expired = () => fakeJwt(nowSeconds() - 60);

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function loadSession(stored: Record<string, unknown> | null) {
  const storage = memoryStorage();
  if (stored) storage.setItem('kindling.session', JSON.stringify(stored));
  vi.stubGlobal('localStorage', storage);
  vi.resetModules();
  return { storage, session: await import('./session') };
}

describe('session refresh', () => {
  beforeEach(() => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('returns the stored access token while it is valid', async () => {
    const accessToken = fresh();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { session } = await loadSession({
      accessToken,
      idToken: fresh(),
      refreshToken: 'r1',
      expiresIn: 3600,
    });
    await expect(session.getAccessToken()).resolves.toBe(accessToken);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes when the id token has expired, sharing one request between callers', async () => {
    const next = { accessToken: fresh(), idToken: fresh(), refreshToken: 'r2', expiresIn: 3600 };
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, next)));
    vi.stubGlobal('fetch', fetchMock);
    const { session, storage } = await loadSession({
      accessToken: fresh(),
      idToken: expired(),
      refreshToken: 'r1',
      expiresIn: 3600,
    });

    const tokens = await Promise.all([session.getAccessToken(), session.getAccessToken()]);

    expect(tokens).toEqual([next.accessToken, next.accessToken]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem('kindling.session') ?? '{}')).toMatchObject({
      refreshToken: 'r2',
    });
  });

  it('clears the tokens when the refresh is rejected', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse(401, { error: {} })));
    const { session, storage } = await loadSession({
      accessToken: expired(),
      idToken: expired(),
      refreshToken: 'r1',
      expiresIn: 3600,
    });
    const listener = vi.fn();
    session.subscribeSession(listener);

    await expect(session.getAccessToken()).resolves.toBeNull();
    expect(session.isSignedIn()).toBe(false);
    expect(storage.getItem('kindling.session')).toBeNull();
    expect(listener).toHaveBeenCalled();
  });

  it('keeps the tokens on a network error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { session, storage } = await loadSession({
      accessToken: expired(),
      idToken: expired(),
      refreshToken: 'r1',
      expiresIn: 3600,
    });

    await expect(session.getAccessToken()).rejects.toBeInstanceOf(TypeError);
    expect(session.isSignedIn()).toBe(true);
    expect(storage.getItem('kindling.session')).not.toBeNull();
  });
});

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('builds "?"-prefixed query strings and team paths', async () => {
    vi.resetModules();
    const { buildQuery, teamApiPath } = await import('./api-client');
    expect(buildQuery({ id: 4, isEnabled: false, skip: undefined, none: null })).toBe(
      '?id=4&isEnabled=false',
    );
    expect(buildQuery({})).toBe('');
    expect(teamApiPath('acme', '/campaign/delete', { id: 7 })).toBe(
      '/api/team/acme/campaign/delete?id=7',
    );
  });

  it('refreshes once and retries on a 401, then parses errors into ApiError', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const renewed = { accessToken: fresh(), idToken: fresh(), refreshToken: 'r2', expiresIn: 3600 };
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      if (url === '/api/auth/refresh') return Promise.resolve(jsonResponse(200, renewed));
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth !== `Bearer ${renewed.accessToken}`) {
        return Promise.resolve(
          jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }),
        );
      }
      return Promise.resolve(
        jsonResponse(409, {
          error: { code: 'CONFLICT', message: 'Taken', fields: { email: 'Taken' } },
        }),
      );
    });
    await loadSession({ accessToken: fresh(), idToken: fresh(), refreshToken: 'r1', expiresIn: 1 });
    const { api, ApiError } = await import('./api-client');

    const failure = await api
      .post('/api/user/register', { email: 'a@b.co' })
      .catch((error: unknown) => error);

    expect(calls).toEqual([
      'POST /api/user/register',
      'POST /api/auth/refresh',
      'POST /api/user/register',
    ]);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Taken',
      fields: { email: 'Taken' },
    });
  });
});
