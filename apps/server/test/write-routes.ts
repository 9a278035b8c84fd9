import { expect } from 'vitest';
import { TEAM_PREFIX } from '../src/http/team-scope';
import { snapshotTables } from './table-snapshot';
import { errorOf, type TestApp } from './test-app';

/** The tables a write could touch, snapshotted around a sweep of refused writes. */
export const WRITTEN_TABLES = [
  'users',
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
  'rollupsHourly',
] as const;

/**
 * Sends every write route of the live route table (`teamOnly`: the team's routes only) as the
 * caller of `headers` and expects each refused with 403 and `message`, and nothing written. The
 * GETs that change something count as writes (their route says so).
 */
export async function expectEveryWriteRefused(
  app: TestApp,
  {
    slug,
    headers,
    message,
    teamOnly = false,
    id = 1,
    tables = WRITTEN_TABLES,
  }: {
    slug: string;
    headers: Record<string, string>;
    message: string;
    teamOnly?: boolean;
    id?: number;
    /** The tables expected unchanged (WRITTEN_TABLES unless said). */
    tables?: readonly (typeof WRITTEN_TABLES)[number][];
  },
): Promise<{ method: string; url: string }[]> {
  const writes = app.routes.filter(
    (route) => route.access === 'write' && (!teamOnly || route.url.startsWith(TEAM_PREFIX)),
  );
  expect(writes.length).toBeGreaterThan(30);
  const before = await snapshotTables(app.services.db, tables);
  for (const route of writes) {
    const url = route.url.replace(':team', slug).replace(/:\w+/g, 'x');
    const response = await app.app.inject({
      method: route.method as 'POST',
      url: `${url}?id=${id}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    const key = `${route.method} ${route.url}`;
    expect({ key, status: response.statusCode, message: errorOf(response).message }).toEqual({
      key,
      status: 403,
      message,
    });
  }
  expect(await snapshotTables(app.services.db, tables)).toEqual(before);
  return writes;
}
