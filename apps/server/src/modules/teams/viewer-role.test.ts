import { TEAM_ROLE_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { clickGoal, textElement } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { expectEveryWriteRefused } from '../../../test/write-routes';
import {
  addMember,
  bearer,
  createTeam,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Issue 35: a Viewer reads everything of the team and changes nothing: every write route of
// the live route table refuses them, whatever module it lives in.

describeEachDatabase('the Viewer role', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let viewer: Account;
  let team: string;
  let campaignId: number;

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Olga Owner');
    viewer = await signUp(t.current.app, 'Vic Viewer');
    team = await createTeam(t.current.app, owner, 'Viewed Team');
    await addMember(t.current.app, { owner, slug: team, member: viewer, role: 'viewer' });
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/create`,
      headers: bearer(owner),
      payload: {
        name: 'Look only',
        ingestedUrl: 'shop.example.com/landing',
        elements: [textElement(-1, 'h1', ['Half price'])],
        goals: [clickGoal(-20, 'purchase')],
      },
    });
    campaignId = created.json<{ id: number }>().id;
  });

  it('is listed as a viewer, and reads the campaigns and their results', async () => {
    const members = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/members`,
      headers: bearer(viewer),
    });
    expect(members.statusCode, members.body).toBe(200);
    expect(JSON.stringify(members.json())).toContain('"role":"viewer"');
    const list = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/campaign/by-team`,
      headers: bearer(viewer),
    });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain('Look only');
    const stats = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/stats`,
      headers: bearer(viewer),
      payload: {
        id: campaignId,
        range: { start: '2026-11-01T00:00:00Z', end: '2026-12-01T00:00:00Z' },
        timezone: 'UTC',
        granularity: 'day',
      },
    });
    expect(stats.statusCode, stats.body).toBe(200);
  });

  it('is refused every write route of the live route table, changing nothing', async () => {
    await expectEveryWriteRefused(t.current, {
      slug: team,
      headers: bearer(viewer),
      message: TEAM_ROLE_MESSAGES.viewerReadOnly,
      teamOnly: true,
      id: campaignId,
    });
  });

  it('becomes a member when invited as one, and then writes (positive control)', async () => {
    const member = await signUp(t.current.app, 'Max Member');
    await addMember(t.current.app, { owner, slug: team, member });
    const paused = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${team}/campaign/update-enabled?id=${campaignId}&isEnabled=false`,
      headers: bearer(member),
    });
    expect(paused.statusCode, paused.body).toBe(200);
  });
});
