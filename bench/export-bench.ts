/**
 * Event export (issue 33): `GET /campaign/events.ndjson` of 100,000 and of 1,000,000 stored
 * events over real HTTP on PostgreSQL, read by a client that keeps nothing. Printed: each
 * export's time and rate, and the process's peak live heap growth while it streamed; the
 * 1M figures as ratios of the 100k baseline. Constant memory reads as a heap ratio near 1 while
 * the time ratio is near 10. Alone: `npm run bench -- export`.
 */
import { get } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { postgresSchema, withBenchApp, type BenchApp } from './bench-app';

const SIZES = [100_000, 1_000_000];

// The live heap, not what the collector has yet to sweep: a full collection before each sample.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const liveHeap = () => {
  collect();
  return process.memoryUsage().heapUsed;
};

interface Exported {
  ms: number;
  lines: number;
  bytes: number;
  peakHeapMb: number;
}

async function campaignWith(bench: BenchApp, events: number): Promise<number> {
  const created = await bench.app.inject({
    method: 'POST',
    url: `/api/team/${bench.slug}/campaign/create`,
    headers: bench.headers,
    payload: {
      name: `Export ${events}`,
      ingestedUrl: 'shop.example.com/landing',
      elements: [
        {
          id: -1,
          selector: 'h1',
          type: 'text',
          key: 'h1',
          control: { info: { value: 'Original' } },
          variants: [
            { id: -2, key: 'v', type: 'text', isEnabled: true, info: { value: 'New', styles: [] } },
          ],
        },
      ],
      goals: [],
    },
  });
  const { id } = created.json<{ id: number }>();
  // An exposure as the tracker stores it, a minute apart per thousand.
  await sql`
    insert into events (id, campaign_id, type, visitor_id, session_id, ts, url, data)
    select gen_random_uuid(), ${id}, 'exposure', 'visitor-' || n, 'session-' || n,
      now() - interval '30 days' + (n / 1000) * interval '1 minute',
      'https://shop.example.com/landing?utm_source=newsletter',
      jsonb_build_object('assignments', jsonb_build_object('101', 202),
        'applied', jsonb_build_object('101', 14))
    from generate_series(1, ${events}) as n
  `.execute(bench.db);
  // What autovacuum does soon after a bulk load: without statistics the planner guesses the
  // campaign has few rows and sorts every remaining one for each page.
  await sql`analyze events`.execute(bench.db);
  return id;
}

/**
 * Streams the export and counts what arrives, keeping nothing; samples this process's live heap
 * (server and client share it) every 200 ms.
 */
function exportOnce(url: string, authorization: string): Promise<Exported> {
  const baseline = liveHeap();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, liveHeap());
  }, 200);
  const start = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers: { authorization } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      });
      response.on('end', () => {
        clearInterval(sampler);
        resolve({
          ms: performance.now() - start,
          lines,
          bytes,
          peakHeapMb: (peak - baseline) / 2 ** 20,
        });
      });
    }).on('error', reject);
  });
}

export async function exportBench(): Promise<void> {
  console.log('\n## Event export (NDJSON over HTTP, PostgreSQL)');
  const postgres = await postgresSchema();
  if (!postgres) {
    console.log('[postgres] skipped: no server');
    return;
  }
  await withBenchApp(postgres, async (bench) => {
    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = bench.app.server.address() as AddressInfo;
    const results: Exported[] = [];
    for (const size of SIZES) {
      const id = await campaignWith(bench, size);
      const url = `http://127.0.0.1:${port}/api/team/${bench.slug}/campaign/events.ndjson?id=${id}`;
      const result = await exportOnce(url, bench.headers.authorization);
      if (result.lines !== size) throw new Error(`exported ${result.lines} of ${size} events`);
      results.push(result);
      console.log(
        `${size.toLocaleString('en')} events: ${(result.ms / 1000).toFixed(1)} s, ` +
          `${Math.round(size / (result.ms / 1000)).toLocaleString('en')} events/s, ` +
          `${(result.bytes / 2 ** 20).toFixed(0)} MB, peak live heap growth ${result.peakHeapMb.toFixed(1)} MB`,
      );
    }
    const [base, large] = results as [Exported, Exported];
    console.log(
      `1M vs 100k: time ${(large.ms / base.ms).toFixed(2)}x (events 10x), ` +
        `peak live heap growth ${(large.peakHeapMb / Math.max(base.peakHeapMb, 0.1)).toFixed(2)}x ` +
        '(constant memory: about 1x)',
    );
  });
}
