import { describe, expect, it } from 'vitest';
import { isTimeZone } from '../../src/modules/stats/zoned-time';
import { useTestApp } from '../test-app';

// Zone names are case-insensitive to Intl, and zoned-time keeps one Intl.DateTimeFormat per
// spelling in a Map that is never bounded: "europe/london", "EUROPE/london", ... are each a new
// entry of about 28 KB of native (ICU) memory. A 32-letter zone has 2^30 spellings. Any caller
// of a timezone parameter (GET /campaign/performance/campaigns, POST /campaign/stats) can grow
// the process without end - a guest too, with a session anyone can start (GUEST_ACCESS).
const NAME = 'America/Argentina/ComodRivadavia';
const letters = [...NAME].flatMap((c, i) => (/[a-z]/i.test(c) ? [i] : []));
const spelling = (n: number) =>
  [...NAME]
    .map((c, i) => {
      const bit = letters.indexOf(i);
      return bit >= 0 && (n >> bit) & 1
        ? c === c.toLowerCase()
          ? c.toUpperCase()
          : c.toLowerCase()
        : c;
    })
    .join('');

describe('probe: timezone spellings', () => {
  const t = useTestApp('pglite', { JOB_WORKER: false, GUEST_ACCESS: true });

  it('reach the zone cache as a guest', async () => {
    const guest = (await t.current.app.inject({ method: 'POST', url: '/api/auth/guest' })).json<{
      accessToken: string;
    }>();
    const headers = { authorization: `Bearer ${guest.accessToken}` };
    const ctx = await t.current.app.inject({ method: 'GET', url: '/api/user/by-session', headers });
    const slug = ctx.json<{ teams: { slug: string }[] }>().teams[0]!.slug;
    for (const n of [1, 2, 3]) {
      const answer = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/performance/campaigns?timezone=${encodeURIComponent(spelling(n))}`,
        headers,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
  });

  it('do not each keep a formatter: 4,000 spellings cost no more than 20 MB', () => {
    for (let n = 0; n < 50; n++) isTimeZone(spelling(n)); // warm-up
    const before = process.memoryUsage().rss;
    for (let n = 50; n < 4050; n++) expect(isTimeZone(spelling(n))).toBe(true);
    const grown = (process.memoryUsage().rss - before) / 1e6;
    console.log(`PROBE rss grew ${grown.toFixed(1)} MB`);
    expect(grown).toBeLessThan(20);
  });
});
