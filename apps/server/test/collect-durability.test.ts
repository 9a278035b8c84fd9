import { mulberry32 } from '@kindling/domain';
import { afterAll, expect, it } from 'vitest';
import { createTrackedCampaign } from './collect-load';
import { startCollectLoad } from './collect-senders';
import { describeEachDatabase } from './databases';
import { readBack } from './stored-events';
import { pgliteStorage, postgresStorage, type ProcessStorage } from './process-storage';
import { freePort, type ServerProcess } from './server-process';
import { startHealthyServer } from './shared-processes';

// Issue 9: "50,000 events posted while the server is killed with SIGKILL and restarted; every
// acknowledged event is stored exactly once". Senders behave like the tracker: a batch that
// got no answer is resent, same event ids, until it is answered.

const EVENTS = Number(process.env.COLLECT_DURABILITY_EVENTS ?? 50_000);
const KILLS = Number(process.env.COLLECT_DURABILITY_KILLS ?? 5);
const SEED = Number(process.env.COLLECT_DURABILITY_SEED ?? Date.now() % 2 ** 31);
const BATCH = 50;
const SENDERS = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('collect under kill -9', (kind) => {
  let storage: ProcessStorage | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    // A failed run must not leave a server behind on the folder or database it removes.
    server?.child.kill('SIGKILL');
    await server?.exited;
    await storage?.dispose();
  });

  it(
    `stores every acknowledged event exactly once across ${KILLS} kills (${EVENTS} events)`,
    { timeout: 900_000 },
    async () => {
      const started = Date.now();
      storage = kind === 'pglite' ? pgliteStorage() : await postgresStorage();
      const env = {
        ...storage.env,
        PORT: String(await freePort()),
        COLLECT_RATE_LIMIT_PER_MINUTE: '1000000',
        COLLECT_BYTES_PER_MINUTE: '1073741824',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        JOB_WORKER: 'false',
      };
      const start = async () => {
        server = await startHealthyServer(env);
        return server;
      };
      let running = await start();
      const campaign = await createTrackedCampaign(running.url);

      const batches = Math.ceil(EVENTS / BATCH);
      let sending = true;
      const load = startCollectLoad({
        baseUrl: running.url,
        campaign,
        senders: SENDERS,
        batch: BATCH,
        maxEvents: EVENTS,
        deadline: Date.now() + 850_000,
      });
      const { tally } = load;

      // Kill points: random numbers of acknowledged events, so kills land mid-load however
      // fast the database is, plus a random few milliseconds so they hit any phase of a request.
      // Seeded, so a failing run can be replayed with its seed.
      const random = mulberry32(SEED);
      const killAt = Array.from({ length: KILLS }, () => Math.floor(random() * EVENTS * 0.9)).sort(
        (a, b) => a - b,
      );
      let kills = 0;
      const killer = (async () => {
        for (const threshold of killAt) {
          while (sending && tally.acknowledged.size < threshold) await pause(5);
          if (!sending) return;
          await pause(Math.floor(random() * 30));
          running.child.kill('SIGKILL');
          await running.exited;
          kills += 1;
          running = await start();
        }
      })();

      const sendStarted = Date.now();
      await load.done;
      const sendMs = Date.now() - sendStarted;
      sending = false;
      await killer;
      expect(await running.stop()).toBe(0);

      const stored = await readBack(storage.target, campaign);
      const storedIds = new Set(stored.ids.map((row) => row.id));
      const missing = [...tally.acknowledged].filter((id) => !storedIds.has(id));
      const exposures = stored.ids.filter((row) => row.type === 'exposure').length;
      const revenueEvents = stored.ids.filter((row) => row.type === 'revenue').length;
      console.log(
        `[${kind}] collect under kill -9 (seed ${SEED}): ${EVENTS} events in ${batches} batches, ` +
          `${kills} kills, ${tally.failedSends} resends; acknowledged ${tally.acknowledged.size}, ` +
          `stored ${stored.ids.length} (${stored.ids.length - storedIds.size} duplicates), ` +
          `answered accepted ${tally.answeredAccepted} + duplicates ${tally.answeredDuplicates}; ` +
          `rollup exposures ${stored.rollup.exposures} vs ${exposures} stored exposures; ` +
          `sending ${(sendMs / 1000).toFixed(1)} s, whole test ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );

      expect(tally.refused).toEqual([]);
      expect(tally.abandoned).toBe(0);
      expect(kills).toBe(KILLS);
      expect(tally.acknowledged.size).toBe(EVENTS);
      expect(missing).toEqual([]);
      expect(stored.ids.length).toBe(storedIds.size);
      expect(storedIds.size).toBe(EVENTS);
      // Counted exactly once: every counter equals what the stored rows say.
      expect(stored.rollup).toEqual({
        exposures,
        visitors: stored.visitors,
        sessions: stored.sessions,
        goalSessions: stored.sessionGoals,
        goalVisitors: stored.visitorGoals,
        revenue: revenueEvents * 19.5,
      });
      // A batch answered only after a resend may have been stored by the unanswered send.
      expect(tally.answeredAccepted).toBeLessThanOrEqual(EVENTS);
      expect(tally.answeredAccepted + tally.answeredDuplicates).toBe(EVENTS);
    },
  );
});
