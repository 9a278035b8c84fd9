import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { POOL_REFILL_SIZE, GENERATE_IMAGE_IDS } from '../packages/domain/src/index';
import { startFakeOpenAiServer } from '../apps/server/test/fake-openai-server';
import {
  createAiProviders,
  type AiProviders,
} from '../apps/server/src/modules/ai/create-ai-providers';
import { generateText } from '../apps/server/src/modules/ai/generate-text';
import { generateImageJob } from '../apps/server/src/modules/ai/images/generate-image-job';
import { testConfig } from '../apps/server/src/config';
import type { JobContext } from '../apps/server/src/modules/jobs/job-types';

const TEXTS = [
  'Start free trial',
  'Sign up',
  'Grow your business faster with smart analytics',
  'We help small teams ship better websites.',
  'What people are saying...',
  'Summer collection',
];
const ROUNDS = 5;

const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/** Median time of `work` and the largest resident-memory rise seen while it ran. */
async function measure(work: () => Promise<unknown>): Promise<{ ms: number; rssMb: number }> {
  const times: number[] = [];
  let peak = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss - before);
    }, 5);
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss - before);
  }
  return { ms: median(times), rssMb: peak / 1024 / 1024 };
}

const fillPools = (providers: AiProviders) => () =>
  Promise.all(
    TEXTS.map((value) =>
      generateText(
        { provider: providers.text },
        { request: { value, count: POOL_REFILL_SIZE, currentVariants: [] } },
      ),
    ),
  );

function fourImages(providers: AiProviders, dataDir: string, payload: object) {
  const handler = generateImageJob({
    config: { DATA_DIR: dataDir, PUBLIC_URL: undefined, PREVIEW_ALLOW_HOSTS: [] },
    provider: providers.image,
  });
  const job: JobContext = {
    id: 'bench',
    teamId: 1,
    type: 'generate-image',
    payload: payload as Record<string, unknown>,
    attempt: 1,
    progress: () => Promise.resolve(),
  };
  return () => handler(job);
}

const line = (
  label: string,
  local: { ms: number; rssMb: number },
  base: { ms: number; rssMb: number },
) =>
  console.log(
    `${label}: local ${local.ms.toFixed(1)} ms, +${local.rssMb.toFixed(0)} MB RSS; ` +
      `through the fake OpenAI-compatible server ${base.ms.toFixed(1)} ms, +${base.rssMb.toFixed(0)} MB ` +
      `= ${(local.ms / base.ms).toFixed(2)}x the time`,
  );

/**
 * Issue 12: the offline provider's cost to fill a pool of 10 suggestions (for each of six
 * texts at once) and to make the generate-image panel's 4 images, against the same work
 * through the `openai` provider and a fake OpenAI-compatible server on loopback, whose model
 * time is nil: the baseline is the provider plumbing (prompt, HTTP, JSON, decode, store).
 */
export async function aiBench(): Promise<void> {
  console.log(
    '\n== AI providers: local vs the openai provider against a fake server (same work) ==',
  );
  const fake = await startFakeOpenAiServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-ai-bench-'));
  try {
    const local = createAiProviders(testConfig({ AI_PROVIDER: 'local' }));
    const remote = createAiProviders(
      testConfig({ AI_PROVIDER: 'openai', AI_BASE_URL: fake.baseUrl, AI_MAX_ATTEMPTS: 1 }),
    );
    line(
      `pool of ${POOL_REFILL_SIZE} for ${TEXTS.length} texts`,
      await measure(fillPools(local)),
      await measure(fillPools(remote)),
    );
    const draw = {
      prompt: 'A reading lamp on an oak desk',
      dimensions: { width: 600, height: 336 },
      ids: [...GENERATE_IMAGE_IDS],
    };
    line(
      '4 images drawn at 600x336 (stored 1200x672)',
      await measure(fourImages(local, dataDir, draw)),
      await measure(fourImages(remote, dataDir, draw)),
    );
  } finally {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
