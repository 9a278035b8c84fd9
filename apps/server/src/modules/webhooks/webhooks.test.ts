import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_DELAYS_MS,
} from '@kindling/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelCampaign } from '../../../test/campaign-parts';
import { describeEachDatabase } from '../../../test/databases';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Outgoing webhooks and chat notifications (issue 33), against a local receiver: signed
// events, the retry schedule after 500s, switching off after repeated failures, resending,
// the chat formats' payloads (golden files) and the outbound guard.

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const PUBLIC_URL = 'https://kindling.example.com';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver answering each POST with the next status of `answers` (then the last one). */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [200];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.statusCode = answers.length > 1 ? answers.shift()! : answers[0]!;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name: string) => `http://127.0.0.1:${port}/${name}`,
    received,
    answer: (...statuses: number[]) => answers.splice(0, answers.length, ...statuses),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describeEachDatabase('webhooks', (kind) => {
  const t = useTestApp(kind, { PREVIEW_ALLOW_HOSTS: ['127.0.0.1'], JOB_POLL_MS: 20, PUBLIC_URL });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: Account;
  let member: Account;
  let slug: string;
  let otherSlug: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    as = owner,
  ) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}${url}`,
      headers: bearer(as),
      ...(payload ? { payload } : {}),
    });
  const create = async (name: string, input: object = {}) => {
    const response = await call('POST', '/webhooks', {
      url: receiver.url(name),
      format: 'json',
      events: ['campaign.started', 'campaign.stopped', 'verdict.reached'],
      ...input,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ webhook: { id: number; secretHint: string }; secret: string }>();
  };
  const deliveries = async (id: number) =>
    (await call('GET', `/webhooks/${id}/deliveries`)).json<{
      deliveries: {
        id: string;
        eventType: string;
        status: string;
        attempts: number;
        responseCode: number | null;
        error: string | null;
      }[];
    }>().deliveries;
  const db = () => t.current.services.db;
  /** Runs queued webhook jobs now instead of at their time (the retry schedule is minutes). */
  const runDueNow = () =>
    sql`update jobs set run_at = now() where type = 'webhook' and status = 'queued'`.execute(db());
  const queuedWebhookJobs = async () => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from jobs where type = 'webhook' and status in ('queued', 'running')
    `.execute(db());
    return Number(rows[0]!.n);
  };
  /** Every webhook job run to its end, each retry made at once. */
  const drain = async () => {
    await expect
      .poll(
        async () => {
          await runDueNow();
          return queuedWebhookJobs();
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(0);
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    owner = await signUp(t.current.app);
    member = await signUp(t.current.app, 'Mem Ber');
    slug = await createTeam(t.current.app, owner, 'Hooks Team');
    otherSlug = await createTeam(t.current.app, member, 'Other Hooks');
    await addMember(t.current.app, { owner, slug, member });
  });
  afterAll(async () => receiver?.close());

  describe('managing them', () => {
    it.each([
      [{ url: 'ftp://example.com/hook' }, 'url', WEBHOOK_MESSAGES.url],
      [{ events: [] }, 'events', WEBHOOK_MESSAGES.events],
      [{ events: ['campaign.exploded'] }, 'events.0', WEBHOOK_MESSAGES.events],
      [{ format: 'telegram' }, 'format', WEBHOOK_MESSAGES.format],
      [{ minVisitors: -1 }, 'minVisitors', WEBHOOK_MESSAGES.minVisitors],
    ])('refuses %j with its message, and stores nothing', async (bad, field, message) => {
      const response = await call('POST', '/webhooks', {
        url: receiver.url('x'),
        format: 'json',
        events: ['campaign.started'],
        ...bad,
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({ message, fields: { [field]: message } });
      expect((await call('GET', '/webhooks')).json<{ webhooks: unknown[] }>().webhooks).toEqual([]);
    });

    it('adds one with a secret answered once, for owners only, never in another team', async () => {
      const refused = await call(
        'POST',
        '/webhooks',
        { url: receiver.url('m'), format: 'json', events: ['campaign.started'] },
        member,
      );
      expect(refused.statusCode).toBe(403);
      const { webhook, secret } = await create('managed');
      expect(secret).toMatch(/^whsec_[\w-]{32}$/);
      expect(webhook.secretHint).toBe(`…${secret.slice(-4)}`);
      const listed = (await call('GET', '/webhooks', undefined, member)).json<{
        webhooks: { id: number; url: string; events: string[]; enabled: boolean }[];
      }>().webhooks;
      expect(listed).toEqual([
        expect.objectContaining({
          id: webhook.id,
          url: receiver.url('managed'),
          events: ['campaign.started', 'campaign.stopped', 'verdict.reached'],
          enabled: true,
        }),
      ]);
      expect(JSON.stringify(listed)).not.toContain(secret);
      const foreign = await t.current.app.inject({
        url: `/api/team/${otherSlug}/webhooks/${webhook.id}/deliveries`,
        headers: bearer(member),
      });
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign).message).toBe(WEBHOOK_MESSAGES.notFound);
      expect((await call('DELETE', `/webhooks/${webhook.id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/webhooks/${webhook.id}`)).statusCode).toBe(404);
    });
  });

  describe('delivering', () => {
    it('signs each event: HMAC-SHA256 of the timestamp and the body, with the secret', async () => {
      const { webhook, secret } = await create('signed');
      const queued = await call('POST', `/webhooks/${webhook.id}/test`);
      expect(queued.statusCode, queued.body).toBe(202);
      await drain();
      const hit = receiver.received.find((request) => request.path === '/signed')!;
      const timestamp = hit.headers['kindling-timestamp'] as string;
      const expected = createHmac('sha256', secret)
        .update(`${timestamp}.${hit.body}`)
        .digest('hex');
      expect(hit.headers['kindling-signature']).toBe(`v1=${expected}`);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      expect(hit.headers['content-type']).toBe('application/json');
      expect(hit.headers['kindling-event']).toBe('webhook.test');
      const event = JSON.parse(hit.body) as Record<string, unknown>;
      expect(event).toMatchObject({
        type: 'webhook.test',
        version: 1,
        team: slug,
        data: { link: `${PUBLIC_URL}/admin/${slug}/settings/team#webhooks` },
      });
      expect(hit.headers['kindling-delivery']).toBe((await deliveries(webhook.id))[0]!.id);
      expect((await deliveries(webhook.id))[0]).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        responseCode: 200,
      });
      await call('DELETE', `/webhooks/${webhook.id}`);
    });

    it('tells the endpoints that want it when a campaign starts and stops', async () => {
      const { webhook } = await create('campaigns', { events: ['campaign.started'] });
      const created = await call('POST', '/campaign/create', funnelCampaign('Hooked'));
      const { id } = created.json<{ id: number }>();
      await call('GET', `/campaign/update-enabled?id=${id}&isEnabled=true`);
      await call('GET', `/campaign/update-enabled?id=${id}&isEnabled=false`);
      await drain();
      const hits = receiver.received.filter((request) => request.path === '/campaigns');
      // Subscribed to starts only.
      expect(hits.map((hit) => JSON.parse(hit.body) as { type: string; data: object })).toEqual([
        expect.objectContaining({
          type: 'campaign.started',
          data: expect.objectContaining({
            summary: 'Campaign "Hooked" started.',
            campaign: { id, name: 'Hooked' },
            link: `${PUBLIC_URL}/admin/${slug}/campaign/${id}`,
          }) as object,
        }),
      ]);
      await call('DELETE', `/webhooks/${webhook.id}`);
    });

    it('retries a 500 on the schedule, then succeeds; a resend starts again', async () => {
      const { webhook } = await create('flaky');
      receiver.answer(500, 500, 200);
      await call('POST', `/webhooks/${webhook.id}/test`);
      for (const [index, delay] of WEBHOOK_RETRY_DELAYS_MS.slice(0, 2).entries()) {
        // After attempt n failed, the job waits the schedule's n-th delay. The delivery records
        // the attempt before the worker puts the job back in the queue: wait for both.
        const queuedWaits = async () =>
          (
            await sql<{ waitMs: number }>`
              select extract(epoch from run_at - now()) * 1000 as "waitMs" from jobs
              where type = 'webhook' and status = 'queued'
            `.execute(db())
          ).rows.map((row) => Number(row.waitMs));
        await expect
          .poll(
            async () => ({
              attempts: (await deliveries(webhook.id))[0]!.attempts,
              queued: (await queuedWaits()).length,
            }),
            { timeout: 10_000 },
          )
          .toEqual({ attempts: index + 1, queued: 1 });
        const [waitMs] = await queuedWaits();
        expect(waitMs).toBeGreaterThan(delay - 5000);
        expect(waitMs).toBeLessThanOrEqual(delay);
        expect((await deliveries(webhook.id))[0]).toMatchObject({
          status: 'pending',
          responseCode: 500,
          error: 'HTTP 500',
        });
        await runDueNow();
      }
      await drain();
      const [delivery] = await deliveries(webhook.id);
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, responseCode: 200 });
      expect(receiver.received.filter((request) => request.path === '/flaky')).toHaveLength(3);

      const resent = await call('POST', `/webhooks/deliveries/${delivery!.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(202);
      await drain();
      const hits = receiver.received.filter((request) => request.path === '/flaky');
      expect(hits).toHaveLength(4);
      // The same event, the same delivery id.
      expect(hits[3]!.headers['kindling-delivery']).toBe(delivery!.id);
      expect(JSON.parse(hits[3]!.body)).toEqual(JSON.parse(hits[2]!.body));
      await call('DELETE', `/webhooks/${webhook.id}`);
    });

    it(`switches an endpoint off after ${WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES} failed deliveries and tells the team`, async () => {
      const { webhook } = await create('broken');
      receiver.answer(503);
      for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES; i += 1) {
        await call('POST', `/webhooks/${webhook.id}/test`);
      }
      await drain();
      const log = await deliveries(webhook.id);
      expect(log).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES);
      for (const delivery of log) {
        expect(delivery).toMatchObject({
          status: 'failed',
          attempts: WEBHOOK_MAX_ATTEMPTS,
          responseCode: 503,
        });
      }
      const listed = (await call('GET', '/webhooks'))
        .json<{
          webhooks: {
            id: number;
            enabled: boolean;
            disabledAt: string | null;
            failedDeliveries: number;
          }[];
        }>()
        .webhooks.find((listedHook) => listedHook.id === webhook.id);
      expect(listed).toMatchObject({
        enabled: false,
        failedDeliveries: WEBHOOK_DISABLE_AFTER_FAILED_DELIVERIES,
      });
      expect(listed!.disabledAt).not.toBeNull();
      const notifications = (await call('GET', '/notifications')).json<{
        notifications: { title: string }[];
      }>();
      expect(notifications.notifications.map((item) => item.title)).toContain(
        'A webhook was switched off',
      );
      // Off: a campaign's events no longer reach it; a resend is refused until it is on again.
      const resent = await call('POST', `/webhooks/deliveries/${log[0]!.id}/resend`);
      expect(resent.statusCode).toBe(409);
      expect(errorOf(resent).message).toBe(WEBHOOK_MESSAGES.resendOff);
      receiver.answer(200);
      const on = await call('PUT', `/webhooks/${webhook.id}`, {
        url: receiver.url('broken'),
        format: 'json',
        events: ['campaign.started'],
        enabled: true,
      });
      expect(
        on.json<{ webhook: { enabled: boolean; failedDeliveries: number } }>().webhook,
      ).toMatchObject({ enabled: true, failedDeliveries: 0 });
      await call('DELETE', `/webhooks/${webhook.id}`);
    });

    it('posts each chat format as its app expects (golden files)', async () => {
      receiver.answer(200);
      for (const format of ['slack', 'teams', 'mattermost', 'discord']) {
        const { webhook } = await create(`chat-${format}`, { format });
        await call('POST', `/webhooks/${webhook.id}/test`);
        await drain();
        const hit = receiver.received.find((request) => request.path === `/chat-${format}`)!;
        const golden = readFileSync(path.join(GOLDEN, `${format}.json`), 'utf8').replaceAll(
          '{team}',
          slug,
        );
        expect(JSON.parse(hit.body)).toEqual(JSON.parse(golden));
        await call('DELETE', `/webhooks/${webhook.id}`);
      }
    });
  });
});

describeEachDatabase('webhooks: the outbound guard', (kind) => {
  // PREVIEW_ALLOW_HOSTS left empty: a receiver on a private address is refused.
  const t = useTestApp(kind, { JOB_POLL_MS: 20 });
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: Account;
  let slug: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Guarded Hooks');
  });
  afterAll(async () => receiver?.close());

  it('refuses a receiver on a private address unless allowed, without retrying', async () => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/webhooks`,
      headers: bearer(owner),
      payload: { url: receiver.url('private'), format: 'json', events: ['page.signup'] },
    });
    const { webhook } = created.json<{ webhook: { id: number } }>();
    await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/webhooks/${webhook.id}/test`,
      headers: bearer(owner),
    });
    await expect
      .poll(
        async () =>
          (
            await t.current.app.inject({
              url: `/api/team/${slug}/webhooks/${webhook.id}/deliveries`,
              headers: bearer(owner),
            })
          ).json<{ deliveries: { status: string; attempts: number; error: string }[] }>()
            .deliveries[0],
        { timeout: 10_000 },
      )
      .toMatchObject({ status: 'failed', attempts: 1, error: WEBHOOK_MESSAGES.refused });
    expect(receiver.received).toEqual([]);
  });
});
