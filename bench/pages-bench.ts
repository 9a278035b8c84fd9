/**
 * Burner landing pages (issue 18): a published page, `GET /p/{team}/{slug}`, next to the app's
 * plain static file route (`/favicon.svg` from the built web app, served by @fastify/static) in
 * the same process, over real HTTP: time to first byte, warm, and the page's HTML+CSS size raw
 * and gzipped against its 30 KB budget. Alone: `npm run bench -- pages`.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  LANDING_PAGE_TEMPLATE_IDS,
  type LandingPageContent,
  type LandingPageTemplateId,
} from '@kindling/domain';
import { onEachDatabase, percentile, type BenchApp } from './bench-app';

const WARM_UP = 50;
const ROUNDS = 400;
const BUDGET_BYTES = 30 * 1024;
const STATIC_PATH = '/favicon.svg';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A typical page with every optional part: price, picture, three feature points. */
const CONTENT: LandingPageContent = {
  headline: 'Plan your whole week in five calm minutes',
  subheadline:
    'Weekly is the planner for founders who are tired of juggling tools. One screen, every Monday, and a week that finally makes sense.',
  cta: { type: 'signup', label: 'Join the waitlist' },
  features: [
    'Pulls in your calendar and to-dos automatically',
    'A guided weekly review that takes one tap',
    'Private by default: your plans never leave your account',
  ],
  price: '$9 per month, first month free',
  imageUrl: 'https://images.example.com/weekly/hero-1600.jpg',
};

interface Timed {
  ttfb: number;
  body: Buffer;
}

/** Time to the response headers of one GET on a kept-alive connection, and the whole body. */
function timeGet(agent: Agent, url: string): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    get(url, { agent }, (response) => {
      const ttfb = performance.now() - start;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        else resolve({ ttfb, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

/** A web app dist with the real favicon: the static route is on only with a built index.html. */
function staticDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'kindling-pages-bench-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kindling</title>');
  copyFileSync(path.join(root, 'apps/web/public/favicon.svg'), path.join(dist, 'favicon.svg'));
  return dist;
}

async function publish(
  { app, slug, headers }: BenchApp,
  templateId: LandingPageTemplateId,
): Promise<string> {
  const pageSlug = `weekly-${templateId}`;
  const created = await app.inject({
    method: 'POST',
    url: `/api/team/${slug}/pages`,
    headers,
    payload: { slug: pageSlug, templateId, content: CONTENT },
  });
  if (created.statusCode !== 201) throw new Error(`page not created: ${created.body}`);
  const { id } = created.json<{ id: number }>();
  await app.inject({ method: 'POST', url: `/api/team/${slug}/pages/${id}/publish`, headers });
  return `/p/${slug}/${pageSlug}`;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function pagesBench(): Promise<void> {
  console.log('\n== burner pages: published page vs the static file route (same process) ==');
  const dist = staticDist();
  try {
    await onEachDatabase(
      async (bench, kind) => {
        const paths = [];
        for (const templateId of LANDING_PAGE_TEMPLATE_IDS) {
          paths.push({ templateId, path: await publish(bench, templateId) });
        }
        await bench.app.listen({ port: 0, host: '127.0.0.1' });
        const origin = `http://127.0.0.1:${(bench.app.server.address() as { port: number }).port}`;
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const urls = [STATIC_PATH, ...paths.map((page) => page.path)];
          for (let i = 0; i < WARM_UP; i++) {
            for (const url of urls) await timeGet(agent, `${origin}${url}`);
          }
          const samples = new Map<string, Timed[]>(urls.map((url) => [url, []]));
          // Interleaved, so a slow moment of the machine falls on every route alike.
          for (let i = 0; i < ROUNDS; i++) {
            for (const url of urls) samples.get(url)!.push(await timeGet(agent, `${origin}${url}`));
          }
          const ttfb = (url: string) => samples.get(url)!.map((sample) => sample.ttfb);
          const baseline = samples.get(STATIC_PATH)!;
          const b50 = percentile(ttfb(STATIC_PATH), 50);
          const b95 = percentile(ttfb(STATIC_PATH), 95);
          const staticBytes = baseline[0]!.body.length;
          console.log(
            `[${kind}] static ${STATIC_PATH}: TTFB p50 ${ms(b50)}, p95 ${ms(b95)}; ` +
              `${staticBytes} B raw, ${gzipSync(baseline[0]!.body).length} B gzip`,
          );
          for (const { templateId, path: url } of paths) {
            const p50 = percentile(ttfb(url), 50);
            const p95 = percentile(ttfb(url), 95);
            const html = samples.get(url)![0]!.body;
            const gzipped = gzipSync(html).length;
            console.log(
              `[${kind}] template ${templateId} page: TTFB p50 ${ms(p50)} = ${(p50 / b50).toFixed(2)}x, ` +
                `p95 ${ms(p95)} = ${(p95 / b95).toFixed(2)}x the static file; HTML+CSS ` +
                `${kb(html.length)} raw, ${kb(gzipped)} gzip = ${(gzipped / BUDGET_BYTES).toFixed(2)}x ` +
                `of the 30 KB budget (${(html.length / staticBytes).toFixed(1)}x the static file raw)`,
            );
            if (gzipped > BUDGET_BYTES) {
              throw new Error(`template ${templateId}: ${gzipped} B gzip, over the 30 KB budget`);
            }
          }
        } finally {
          agent.destroy();
        }
      },
      { config: { NODE_ENV: 'production' }, webDist: dist },
    );
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}
