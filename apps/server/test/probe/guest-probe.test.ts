import { GUEST_MESSAGES, type CampaignSummary } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { bearer, PASSWORD, signUp, useTestApp } from '../test-app';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}
const as = (token: string) => ({ authorization: `Bearer ${token}` });

describe('probe: HEAD on a GET that writes', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false, GUEST_ACCESS: true });

  it('refuses a guest HEAD /campaign/update-enabled like the GET', async () => {
    const started = await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' });
    const guest = started.json<Tokens>();
    const ctx = await t.current.app.inject({
      method: 'GET',
      url: '/api/user/by-session',
      headers: as(guest.accessToken),
    });
    const slug = ctx.json<{ teams: { slug: string }[] }>().teams[0]!.slug;
    const list = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${slug}/campaign/by-team`,
      headers: as(guest.accessToken),
    });
    const [demo] = list.json<CampaignSummary[]>();
    expect(demo!.isEnabled).toBe(false);

    const head = await t.current.app.inject({
      method: 'HEAD',
      url: `/api/team/${slug}/campaign/update-enabled?id=${demo!.id}&isEnabled=true`,
      headers: as(guest.accessToken),
    });
    const after = await t.current.services.db
      .selectFrom('campaigns')
      .select('isEnabled')
      .where('id', '=', demo!.id)
      .executeTakeFirstOrThrow();
    expect({ status: head.statusCode, isEnabled: after.isEnabled }).toEqual({
      status: 403,
      isEnabled: false,
    });
  });
});

describe('probe: the guest address taken before the first guest', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false, GUEST_ACCESS: true });

  it('keeps guest@kindling.invalid for the guest account: sign-up and address change refuse it', async () => {
    const registered = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: { email: 'Guest@kindling.invalid', password: PASSWORD, realName: 'Mallory' },
    });
    const mallory = await signUp(t.current.app, 'Mallory');
    const changed = await t.current.app.inject({
      method: 'POST',
      url: '/api/user/save',
      headers: bearer(mallory),
      payload: { email: 'guest@kindling.invalid', currentPassword: PASSWORD },
    });
    expect({ registered: registered.statusCode, changed: changed.statusCode }).toEqual({
      registered: 409,
      changed: 409,
    });
    const started = await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' });
    expect(started.statusCode, started.body).toBe(200);
    expect(GUEST_MESSAGES.readOnly).toBeTruthy();
  });
});
