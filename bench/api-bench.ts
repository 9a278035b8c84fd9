import { onEachDatabase, percentile, time } from './bench-app';

const CAMPAIGNS = 200;
const ROUNDS = 200;

export async function apiBench() {
  console.log('\n== API: campaign list vs an authenticated baseline call (same process) ==');
  await onEachDatabase(async ({ app, slug, headers }, kind) => {
    for (let i = 0; i < CAMPAIGNS; i++) {
      await app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/create`,
        headers,
        payload: { name: `Campaign ${i}`, ingestedUrl: `example.com/page-${i}` },
      });
    }
    const baseline = await time(ROUNDS, () =>
      app.inject({ method: 'GET', url: '/api/user/by-session', headers }),
    );
    const list = await time(ROUNDS, () =>
      app.inject({ method: 'GET', url: `/api/team/${slug}/campaign/by-team`, headers }),
    );
    const b50 = percentile(baseline, 50);
    const l50 = percentile(list, 50);
    const l95 = percentile(list, 95);
    console.log(
      `[${kind}] campaign list of ${CAMPAIGNS}: p50 ${l50.toFixed(2)} ms, p95 ${l95.toFixed(2)} ms = ` +
        `${(l50 / b50).toFixed(2)}x the authenticated by-session call (p50 ${b50.toFixed(2)} ms)`,
    );
  });
}
