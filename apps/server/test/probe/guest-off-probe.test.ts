import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { useTestApp } from '../test-app';

// GUEST_ACCESS turned off (a restart with the setting removed): guest sign-in answers 404, but
// guest sessions already open keep reading and keep refreshing until their 2-hour end.
describe('probe: guest sessions once GUEST_ACCESS is off', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false, GUEST_ACCESS: true });

  it('are refused at refresh and on reads', async () => {
    const guest = (await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' })).json<{
      accessToken: string;
      refreshToken: string;
    }>();
    // Same database and auth secret, the setting off.
    const off = await buildApp({
      config: testConfig({ JOB_WORKER: false, GUEST_ACCESS: false }),
      db: t.current.database.handle.db,
    });
    try {
      expect((await off.app.inject({ method: 'POST', url: '/api/auth/guest' })).statusCode).toBe(
        404,
      );
      const refreshed = await off.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refreshToken: guest.refreshToken },
      });
      const read = await off.app.inject({
        method: 'GET',
        url: '/api/user/by-session',
        headers: { authorization: `Bearer ${guest.accessToken}` },
      });
      expect({ refresh: refreshed.statusCode, read: read.statusCode }).toEqual({
        refresh: 401,
        read: 401,
      });
    } finally {
      await off.app.close();
    }
  });
});
