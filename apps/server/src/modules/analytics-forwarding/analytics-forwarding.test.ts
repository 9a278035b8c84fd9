import { FORWARDING_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Analytics forwarding (issue 33): a team setting that puts `forward` (and, by name, the
// campaign's and variants' names) into the team's public tracker config.

interface ServedCampaign {
  id: number;
  name?: string;
  elements: { variants: { id: number; name?: string }[] }[];
}

describeEachDatabase('analytics forwarding', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;
  let member: Account;
  let slug: string;
  let otherSlug: string;

  const forwarding = (team: string, account: Account, payload?: object) =>
    t.current.app.inject({
      method: payload ? 'PUT' : 'GET',
      url: `/api/team/${team}/analytics-forwarding`,
      headers: bearer(account),
      ...(payload ? { payload } : {}),
    });
  const labels = async () =>
    (await forwarding(slug, owner)).json<{ labels: string | null }>().labels;
  const config = async (team = slug) =>
    (await t.current.app.inject({ url: `/api/tracker/${team}/config.json` })).json<{
      forward?: string;
      campaigns: ServedCampaign[];
    }>();

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    member = await signUp(t.current.app, 'Mo Member');
    slug = await createTeam(t.current.app, owner, 'Forwarding Team');
    otherSlug = await createTeam(t.current.app, member, 'Other Team');
    await addMember(t.current.app, { owner, slug, member });
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/create`,
      headers: bearer(owner),
      payload: { ...funnelCampaign('Spring headline'), isEnabled: true },
    });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('is off for a new team, and the config says nothing of it', async () => {
    expect(await labels()).toBeNull();
    const served = await config();
    expect(served.forward).toBeUndefined();
    expect(JSON.stringify(served)).not.toContain('Spring headline');
  });

  it.each([{ labels: 'everything' }, { labels: 1 }, {}, { labels: 'ids', extra: true }])(
    'refuses %j with the message, and changes nothing',
    async (bad) => {
      const refused = await forwarding(slug, owner, bad);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).message).toBe(
        'extra' in bad ? 'Unrecognized key: "extra"' : FORWARDING_MESSAGES.labels,
      );
      expect(await labels()).toBeNull();
    },
  );

  it('is set by owners only, and never for another team', async () => {
    expect((await forwarding(slug, member, { labels: 'ids' })).statusCode).toBe(403);
    expect((await forwarding(otherSlug, owner, { labels: 'ids' })).statusCode).toBe(404);
    expect((await forwarding(otherSlug, owner)).statusCode).toBe(404);
    expect(await labels()).toBeNull();
    const set = await forwarding(slug, owner, { labels: 'ids' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ labels: 'ids' });
    // Members read it: the settings page shows it to the whole team.
    expect((await forwarding(slug, member)).json()).toEqual({ labels: 'ids' });
    expect((await config(otherSlug)).forward).toBeUndefined();
  });

  it('by ids, serves ids only; by names, the names too; off, neither', async () => {
    await forwarding(slug, owner, { labels: 'ids' });
    const byIds = await config();
    expect(byIds.forward).toBe('ids');
    expect(JSON.stringify(byIds)).not.toContain('Spring headline');
    expect(byIds.campaigns[0]!.elements[0]!.variants[0]!.name).toBeUndefined();

    await forwarding(slug, owner, { labels: 'names' });
    const byNames = await config();
    expect(byNames.forward).toBe('names');
    expect(byNames.campaigns[0]!.name).toBe('Spring headline');
    expect(byNames.campaigns[0]!.elements[0]!.variants.map((variant) => variant.name)).toEqual([
      'Variant 1',
      'Variant 2',
    ]);

    const off = await forwarding(slug, owner, { labels: null });
    expect(off.json()).toEqual({ labels: null });
    const served = await config();
    expect(served.forward).toBeUndefined();
    expect(JSON.stringify(served)).not.toContain('Spring headline');
  });

  it('serves forward.js to any origin', async () => {
    const part = await t.current.app.inject({
      url: `/api/tracker/${slug}/forward.js`,
      headers: { origin: 'https://shop.example.com' },
    });
    expect(part.statusCode).toBe(200);
    expect(part.headers['content-type']).toContain('text/javascript');
    expect(part.headers['access-control-allow-origin']).toBe('*');
    expect(part.body).toContain('experience_impression');
    expect(part.body).toContain('Experiment Viewed');
  });
});
