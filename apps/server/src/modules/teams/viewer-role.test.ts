import { TEAM_ROLE_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { clickGoal, textElement } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import { snapshotTables } from '../../../test/table-snapshot';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { TEAM_PREFIX } from '../../http/team-scope';

// Issue 35: a Viewer reads everything of the team and changes nothing: every write route of
// the live route table refuses them, whatever module it lives in.

const TABLES = [
  'teams',
  'teamMembers',
  'teamInvites',
  'campaigns',
  'campaignElements',
  'variants',
  'goals',
  'campaignMetrics',
  'jobs',
  'teamApiKeys',
  'teamSurveys',
  'pages',
] as const;

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
    const writes = t.current.routes.filter(
      (route) => route.access === 'write' && route.url.startsWith(TEAM_PREFIX),
    );
    expect(writes.length).toBeGreaterThan(30);
    const before = await snapshotTables(t.current.services.db, TABLES);
    for (const route of writes) {
      const url = route.url.replace(':team', team).replace(/:\w+/g, 'x');
      const response = await t.current.app.inject({
        method: route.method as 'POST',
        url: `${url}?id=${campaignId}`,
        headers: { ...bearer(viewer), 'content-type': 'application/json' },
        payload: '{}',
      });
      const key = `${route.method} ${route.url}`;
      expect({ key, status: response.statusCode, message: errorOf(response).message }).toEqual({
        key,
        status: 403,
        message: TEAM_ROLE_MESSAGES.viewerReadOnly,
      });
    }
    expect(await snapshotTables(t.current.services.db, TABLES)).toEqual(before);
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
