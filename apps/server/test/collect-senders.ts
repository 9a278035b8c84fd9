import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { postJson, streamEvent, type StreamEvent, type TrackedCampaign } from './collect-load';

/** One send of a batch: the phase it went out in, its status (0: no answer) and its time. */
export interface SentRequest {
  phase: string;
  status: number;
  ms: number;
}

/** What the senders saw; an event counts as acknowledged once a send of its batch answered 2xx. */
export interface SendTally {
  /** Events that went out at least once. */
  sent: number;
  acknowledged: Set<string>;
  /** Sends that got no answer (connection refused, reset or cut), 408, 429 or 5xx: resent. */
  failedSends: number;
  /** Events in those sends. */
  failedEvents: number;
  /** Events the server answered as newly stored. */
  answeredAccepted: number;
  /** Events the server answered as already stored (a send whose answer was lost stored them). */
  answeredDuplicates: number;
  /** Answers no resend would change (other 4xx): the test fails on any. */
  refused: string[];
  /** Batches still unacknowledged when the load's deadline passed. */
  abandoned: number;
  /** Every send, resends included. */
  requests: SentRequest[];
}

export interface CollectLoad {
  tally: SendTally;
  /** No new batch after this; batches in flight are still resent until answered. */
  stop(): void;
  /** Resolves once every sender is done. */
  done: Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Concurrent senders posting batches of tracker events to /api/collect until stopped or
 * `maxEvents` are out, behaving like the tracker: a send without an answer is resent with the
 * same event ids until it is answered (or `deadline`, a Date.now() value, passes).
 */
export function startCollectLoad(options: {
  baseUrl: string;
  campaign: TrackedCampaign;
  senders: number;
  batch: number;
  maxEvents: number;
  deadline: number;
  /** Each sender's pause between two batches: a paced stream rather than a flood. */
  gapMs?: number;
  /** The phase each send is tagged with (e.g. before, during and after a fault). */
  phase?: () => string;
}): CollectLoad {
  const { baseUrl, campaign, batch, maxEvents, deadline, gapMs = 0 } = options;
  const phase = options.phase ?? (() => 'load');
  const run = randomBytes(4).toString('hex');
  const now = Date.now();
  const tally: SendTally = {
    sent: 0,
    acknowledged: new Set(),
    failedSends: 0,
    failedEvents: 0,
    answeredAccepted: 0,
    answeredDuplicates: 0,
    refused: [],
    abandoned: 0,
    requests: [],
  };
  let stopped = false;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.senders });

  const nextBatch = (): StreamEvent[] | undefined => {
    if (stopped || tally.sent >= maxEvents) return undefined;
    const start = tally.sent;
    tally.sent = Math.min(start + batch, maxEvents);
    return Array.from({ length: tally.sent - start }, (_, i) =>
      streamEvent(campaign, { run, index: start + i, now }),
    );
  };

  async function deliver(events: StreamEvent[]) {
    while (Date.now() < deadline) {
      const sent: SentRequest = { phase: phase(), status: 0, ms: 0 };
      const started = performance.now();
      const answer = await postJson(agent, `${baseUrl}/api/collect`, { events }).catch(
        () => undefined,
      );
      sent.ms = performance.now() - started;
      sent.status = answer?.status ?? 0;
      tally.requests.push(sent);
      if (answer && answer.status >= 200 && answer.status < 300) {
        const counts = JSON.parse(answer.body) as { accepted: number; duplicates: number };
        tally.answeredAccepted += counts.accepted;
        tally.answeredDuplicates += counts.duplicates;
        for (const event of events) tally.acknowledged.add(event.id);
        return;
      }
      // As the tracker (page-runtime tracker/queue.ts): only other 4xx are final.
      if (answer && answer.status < 500 && answer.status !== 408 && answer.status !== 429) {
        tally.refused.push(`${answer.status} ${answer.body}`);
        return;
      }
      tally.failedSends += 1;
      tally.failedEvents += events.length;
      await pause(50);
    }
    tally.abandoned += 1;
  }

  async function sender() {
    for (let events = nextBatch(); events; events = nextBatch()) {
      await deliver(events);
      if (gapMs > 0) await pause(gapMs);
    }
  }

  const done = Promise.all(Array.from({ length: options.senders }, sender)).then(() =>
    agent.destroy(),
  );
  return {
    tally,
    stop: () => {
      stopped = true;
    },
    done,
  };
}
