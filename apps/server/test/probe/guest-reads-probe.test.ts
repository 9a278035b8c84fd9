import type { CampaignSummary } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { snapshotTables } from '../table-snapshot';

const TABLES = [
  'users',
  'teams',
  'teamMembers',
  'teamInvites',
  'accountTokens',
  'campaigns',
  'campaignElements',
  'variants',
  'goals',
  'appSettings',
  'jobs',
  'teamApiKeys',
  'events',
  'campaignVisitors',
  'campaignSessions',
  'sessionGoals',
  'visitorGoals',
  'rollupsHourly',
  'collectDrops',
  'aiDescriptions',
] as const;

describe('probe: every read route, as a guest, changes nothing', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false, GUEST_ACCESS: true });

  it('reads without side effects', async () => {
    const guest = (await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' })).json<{
      accessToken: string;
    }>();
    const headers = { authorization: `Bearer ${guest.accessToken}` };
    const ctx = await t.current.app.inject({ method: 'GET', url: '/api/user/by-session', headers });
    const slug = ctx.json<{ teams: { slug: string }[] }>().teams[0]!.slug;
    const [demo] = (
      await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/by-team`,
        headers,
      })
    ).json<CampaignSummary[]>();
    const before = await snapshotTables(t.current.services.db, TABLES);
    const reads = t.current.routes.filter((r) => r.access === 'read' && r.method === 'GET');
    const answers: string[] = [];
    for (const route of reads) {
      const url = route.url.replace(':team', slug).replace(/:\w+/g, 'x');
      for (const query of ['', `?id=${demo!.id}&campaignId=${demo!.id}&timezone=UTC`]) {
        const response = await t.current.app.inject({ method: 'GET', url: url + query, headers });
        answers.push(`${route.url}${query ? '?' : ''} ${response.statusCode}`);
      }
    }
    console.log(answers.join('\n'));
    expect(await snapshotTables(t.current.services.db, TABLES)).toBe(before);
  });
});
