import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { postJson, streamEvent, type TrackedCampaign } from './collect-load';

// A paced background stream of tracker batches for fault tests: each request is tagged with the
// phase it was sent in (before, during, after a fault) and timed, and a batch that got no answer
// is resent with the same event ids, as the tracker does.

export interface SentRequest {
  phase: string;
  status: number;
  ms: number;
}

export interface CollectStream {
  /** Event ids whose batch was answered 202. */
  acknowledged: Set<string>;
  /** Events put into batches (each counted once, however often its batch was resent). */
  sent: () => number;
  requests: SentRequest[];
  /** Ends the stream once the requests in flight are answered. */
  stop: () => Promise<void>;
}

export interface CollectStreamOptions {
  baseUrl: string;
  campaign: TrackedCampaign;
  /** The phase a request is sent in, e.g. 'before' | 'outage' | 'after'. */
  phase: () => string;
  senders?: number;
  batchSize?: number;
  /** The stream ends by itself after this many batches (keeps a failing test bounded). */
  maxBatches?: number;
  /** Pause of each sender between two batches. */
  gapMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startCollectStream(options: CollectStreamOptions): CollectStream {
  const { baseUrl, campaign, phase, senders = 2, batchSize = 2, maxBatches = 400 } = options;
  const gapMs = options.gapMs ?? 20;
  const agent = new http.Agent({ keepAlive: true, maxSockets: senders });
  const run = randomBytes(4).toString('hex');
  const now = Date.now();
  const acknowledged = new Set<string>();
  const requests: SentRequest[] = [];
  let nextIndex = 0;
  let batches = 0;
  let stopped = false;

  const send = async (batch: ReturnType<typeof streamEvent>[]) => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const request = { phase: phase(), status: 0, ms: 0 };
      const started = performance.now();
      const answer = await postJson(agent, `${baseUrl}/api/collect`, { events: batch }).catch(
        () => undefined,
      );
      request.ms = performance.now() - started;
      request.status = answer?.status ?? 0;
      requests.push(request);
      if (answer?.status === 202) for (const event of batch) acknowledged.add(event.id);
      if (answer) return;
      await pause(50);
    }
  };

  const sender = async () => {
    while (!stopped && batches < maxBatches) {
      batches += 1;
      const batch = Array.from({ length: batchSize }, () =>
        streamEvent(campaign, { run, index: nextIndex++, now }),
      );
      await send(batch);
      await pause(gapMs);
    }
  };

  const running = Promise.all(Array.from({ length: senders }, sender));
  return {
    acknowledged,
    sent: () => nextIndex,
    requests,
    async stop() {
      stopped = true;
      await running;
      agent.destroy();
    },
  };
}
