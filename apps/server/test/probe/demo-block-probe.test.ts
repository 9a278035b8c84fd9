import { describe, expect, it } from 'vitest';
import { bearer, createTeam, signUp, useTestApp } from '../test-app';

// POST /campaign/demo is open to any member of any team (sign-up and team creation are free),
// has no rate limit (the rate limiter is not global) and no cap: every call adds a campaign and
// 6,394 rollup rows, and simulates a month of visitors synchronously on the event loop (0.15 to
// 1.1 s measured here under load). The UI offers one demo (the empty list's button); the server
// should hold it to one per team.
describe('probe: adding demo campaigns', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false });

  it('keeps one demo per team', async () => {
    const owner = await signUp(t.current.app);
    const slug = await createTeam(t.current.app, owner, 'Demo Spam');
    const demo = () =>
      t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/demo`,
        headers: bearer(owner),
      });
    expect((await demo()).statusCode).toBe(201);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await demo()).statusCode);
    const { rows } = await t.current.services.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .where('isDemo', '=', true)
      .executeTakeFirstOrThrow();
    expect({ statuses, demos: Number(rows) }).toEqual({ statuses: [409, 409, 409], demos: 1 });
  });
});
