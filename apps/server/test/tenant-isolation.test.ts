import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_PREFIX } from '../src/http/team-scope';
import { createOutbox } from '../src/mail/outbox';
import { notifyTeam } from '../src/modules/notifications/notify-team';
import { screenshotStore, thumbnailName } from '../src/modules/screenshots/screenshot-files';
import { describeEachDatabase } from './databases';
import { startStripeDouble, type StripeDouble } from './stripe-double';
import { addMember, bearer, createTeam, signUp, useTestApp, type Account } from './test-app';
import { listTables, snapshotState } from './table-snapshot';

interface Example {
  query?: Record<string, string | number | boolean>;
  payload?: object | Buffer;
  /** Sent with the bearer token, e.g. a multipart content type. */
  headers?: Record<string, string>;
  /** Path parameters (`:id`). */
  params?: Record<string, string | number>;
}

interface Context {
  campaignId: number;
  memberUserId: number;
  inviteId: number;
  jobId: string;
  apiKeyId: number;
  /** A second campaign, untouched by the save and delete examples, for the variant routes. */
  variantCampaignId: number;
  elementId: number;
  variantId: number;
  /** Ended (Variant 1 rolled out), its rollout removed, archived and unarchived, in order. */
  ending: { campaignId: number; elementId: number; variantId: number };
  /** A published sign-up page with one sign-up, and a second page the delete example removes. */
  pageId: number;
  doomedPageId: number;
  notificationId: number;
  /** A published page without an experiment, for the idea experiment routes (in order). */
  experimentPageId: number;
  /** A campaign being built: read, saved over its first revision, then discarded. */
  draftId: number;
  /** A webhook and a delivery of it that failed (so it may be resent). */
  webhookId: number;
  deliveryId: string;
}

/** Allow-listed so the owner's screenshot request passes the SSRF guard; no worker runs it. */
const SCREENSHOT_URL = 'http://fixture.localhost/landing';

/** A 1x1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = '----kindling-tenant-example';
const imageForm = (): Example => ({
  payload: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PIXEL,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

const PAGE_CONTENT = {
  headline: 'Victim page',
  subheadline: 'Only the owner may read it.',
  cta: { type: 'signup', label: 'Join' },
  features: ['One', 'Two', 'Three'],
};

const textVariant = (key: string, value: string) => ({
  id: -1,
  key,
  type: 'text',
  isEnabled: true,
  info: { value },
});

const withVariantPayload = () => ({
  ...campaign('Victim variants'),
  elements: [
    {
      id: -1,
      selector: 'h1',
      type: 'text',
      key: 'headline',
      control: { info: { value: 'Hello' } },
      variants: [textVariant('v1', 'Hello there')],
    },
  ],
});

const campaign = (name: string) => ({
  name,
  ingestedUrl: 'https://shop.example.com/landing',
  description: 'Spring sale hero test',
});

/**
 * Write routes that change nothing the audit log keeps (issue 33), with why. Every other write
 * route must leave at least one row naming the person who called it.
 */
const UNAUDITED_WRITES: Record<string, string> = {
  'POST /draft/save': 'a campaign still being built: it is recorded when it is created',
  'DELETE /draft/delete': 'a campaign still being built: it is recorded when it is created',
  'GET /campaign/is-image': 'checks an address, stores nothing',
  'GET /campaign/log-preview-error': 'a log line',
  'GET /campaign/screenshot': 'queues a screenshot of a page',
  'POST /campaign/upload-images': 'a stored file: the variant that shows it is recorded',
  'POST /campaign/generate-image': 'an AI generation: the variant made of it is recorded',
  'POST /campaign/generate-text': 'an AI generation: the variant made of it is recorded',
  'POST /campaign/update-element-meta': "the AI's cache of element descriptions",
  'POST /campaign/variant-preview-link': 'signs a link, stores nothing',
  'POST /billing/portal':
    "opens a Stripe session: what changes there comes back by Stripe's webhook, recorded as the system",
  'POST /intro-survey/save': "the team's answers to the intro survey, not a setting",
  'POST /intro-survey/dismiss': "the team's answers to the intro survey, not a setting",
  'POST /notifications/read': "a person's read marks",
  'POST /pages/:id/experiment/suggestions': 'AI suggestions, none applied',
  'POST /url-context/save': 'what the AI is told of a page',
  'POST /waitlist/join': 'interest in a coming feature',
  'POST /waitlist/leave': 'interest in a coming feature',
  'POST /webhooks/:id/test': "a delivery, not the endpoint's settings",
  'POST /webhooks/deliveries/:deliveryId/resend': "a delivery, not the endpoint's settings",
};

/**
 * One example per team-scoped route. A route added without an example fails the suite, so the
 * tenant matrix always covers the live route table.
 */
const EXAMPLES: Record<string, (context: Context) => Example> = {
  'GET /': () => ({}),
  'POST /save': () => ({ payload: { name: 'Renamed Team' } }),
  'POST /feature-flags': () => ({ payload: { flag: 'calendar', enabled: true } }),
  'POST /stats-settings': () => ({ payload: { correction: 'benjamini-hochberg' } }),
  'POST /time-zone': () => ({ payload: { timeZone: 'Europe/Berlin' } }),
  'GET /holdout': () => ({}),
  'GET /audit-log': () => ({ query: { entity: 'campaigns' } }),
  'GET /audit-log.csv': () => ({}),
  'GET /webhooks': () => ({}),
  'POST /webhooks': () => ({
    payload: { url: 'https://hooks.example.com/new', format: 'json', events: ['page.signup'] },
  }),
  'PUT /webhooks/:id': (c) => ({
    params: { id: c.webhookId },
    payload: {
      url: 'https://hooks.example.com/kindling',
      format: 'slack',
      events: ['campaign.started'],
      enabled: true,
    },
  }),
  'DELETE /webhooks/:id': (c) => ({ params: { id: c.webhookId } }),
  'GET /webhooks/:id/deliveries': (c) => ({ params: { id: c.webhookId } }),
  'POST /webhooks/:id/test': (c) => ({ params: { id: c.webhookId } }),
  'POST /webhooks/deliveries/:deliveryId/resend': (c) => ({
    params: { deliveryId: c.deliveryId },
  }),
  'PUT /holdout': () => ({ payload: { percent: 5 } }),
  'GET /analytics-forwarding': () => ({}),
  'PUT /analytics-forwarding': () => ({ payload: { labels: 'ids' } }),
  'GET /members': () => ({}),
  'POST /members/invite': () => ({ payload: { email: 'new.person@example.com', role: 'member' } }),
  'DELETE /members/remove': (c) => ({ query: { userId: c.memberUserId } }),
  'POST /invites/renew': (c) => ({ payload: { id: c.inviteId } }),
  'DELETE /invites/revoke': (c) => ({ query: { id: c.inviteId } }),
  'GET /billing': () => ({}),
  'GET /billing/allowances': () => ({}),
  // Checkout runs first (registration order), so the team has a customer for the portal.
  'POST /billing/checkout': () => ({ payload: { tier: 'standard', interval: 'month' } }),
  'POST /billing/portal': () => ({}),
  'GET /usage': () => ({ query: { months: 3 } }),
  'GET /campaign/by-team': () => ({}),
  'GET /campaign/all': () => ({}),
  'GET /campaign/by-id': (c) => ({ query: { id: c.campaignId } }),
  'GET /campaign/events.ndjson': (c) => ({ query: { id: c.campaignId } }),
  'GET /campaign/events.csv': (c) => ({ query: { id: c.campaignId } }),
  'POST /campaign/create': () => ({ payload: campaign('Created by example') }),
  'POST /campaign/save': (c) => ({
    payload: { ...campaign('Saved by example'), id: c.campaignId },
  }),
  'GET /campaign/update-enabled': (c) => ({ query: { id: c.campaignId, isEnabled: false } }),
  'DELETE /campaign/delete': (c) => ({ query: { id: c.campaignId } }),
  'POST /campaign/demo': () => ({}),
  'POST /campaign/add-variants': (c) => ({
    payload: {
      campaignId: c.variantCampaignId,
      elementId: c.elementId,
      variants: [textVariant('added', 'Added by example')],
    },
  }),
  'GET /campaign/update-variant-enabled': (c) => ({ query: { id: c.variantId, isEnabled: false } }),
  'GET /campaign/delete-variant': (c) => ({ query: { id: c.variantId } }),
  // A refused address: answered {result: false} without touching the network.
  'GET /campaign/is-image': () => ({ query: { url: 'http://10.0.0.1/logo.png' } }),
  'POST /campaign/upload-images': imageForm,
  'GET /campaign/screenshot': () => ({ query: { url: SCREENSHOT_URL } }),
  'GET /campaign/log-preview-error': () => ({ query: { url: 'https://shop.example.com/' } }),
  'POST /campaign/generate-text': () => ({
    payload: { value: 'Start free trial', count: 3, currentVariants: [] },
  }),
  'POST /campaign/generate-image': () => ({
    payload: { prompt: 'A lamp', dimensions: { width: 8, height: 8 }, ids: [0] },
  }),
  'POST /campaign/update-element-meta': () => ({
    payload: { id: 1, context: 'Heading "Hello"', cacheKey: 'describe_element_x_00000000' },
  }),
  'GET /jobs/by-id': (c) => ({ query: { id: c.jobId } }),
  'GET /tracker/status': (c) => ({ query: { campaignId: c.campaignId } }),
  'GET /tracker/counts': (c) => ({ query: { campaignId: c.campaignId } }),
  'POST /campaign/stats': (c) => ({
    payload: {
      id: c.campaignId,
      range: { start: '2026-03-01T00:00:00Z', end: '2026-04-01T00:00:00Z' },
      timezone: 'Europe/Berlin',
      granularity: 'week',
    },
  }),
  'GET /campaign/performance/campaigns': () => ({ query: { timezone: 'Europe/Berlin' } }),
  'POST /campaign/end': (c) => ({
    payload: { id: c.ending.campaignId, rollout: { [c.ending.elementId]: c.ending.variantId } },
  }),
  'POST /campaign/remove-rollout': (c) => ({ payload: { id: c.ending.campaignId } }),
  'POST /campaign/archive': (c) => ({ payload: { id: c.ending.campaignId } }),
  'POST /campaign/unarchive': (c) => ({ payload: { id: c.ending.campaignId } }),
  'GET /campaign/end-choices': (c) => ({ query: { id: c.variantCampaignId } }),
  'GET /campaign/segment-values': (c) => ({ query: { id: c.variantCampaignId } }),
  'GET /campaign/code-changes': (c) => ({ query: { id: c.variantCampaignId } }),
  'GET /variant-code': () => ({}),
  'GET /campaign/combinations': (c) => ({ query: { id: c.variantCampaignId } }),
  'PUT /campaign/metrics': (c) => ({
    payload: {
      campaignId: c.campaignId,
      metrics: [{ kind: 'revenue_per_visitor', role: 'guardrail', capPercentile: 0.99 }],
    },
  }),
  'GET /campaign/vitals': (c) => ({ query: { campaignId: c.campaignId } }),
  'PUT /campaign/schedule': (c) => ({
    query: { id: c.variantCampaignId },
    payload: { startAt: '2099-12-01T08:00:00Z', stopAt: '2099-12-24T17:00:00Z' },
  }),
  'PUT /campaign/vitals': (c) => ({
    payload: { campaignId: c.campaignId, sampling: 20, guardrails: ['lcp'] },
  }),
  'GET /campaign/pages': (c) => ({ query: { campaignId: c.campaignId } }),
  'PUT /campaign/pages': (c) => ({
    payload: {
      campaignId: c.campaignId,
      rules: { include: [{ kind: 'wildcard', value: 'https://shop.example/products/*' }] },
    },
  }),
  'POST /campaign/pages/test': () => ({
    payload: {
      rules: { include: [{ kind: 'startsWith', value: 'https://shop.example/' }] },
      url: 'https://shop.example/pricing',
    },
  }),
  'GET /campaign/audience': (c) => ({ query: { campaignId: c.campaignId } }),
  'PUT /campaign/audience': (c) => ({
    payload: {
      campaignId: c.campaignId,
      audience: {
        match: 'all',
        conditions: [{ attribute: 'deviceType', operator: 'is', value: 'phone' }],
      },
    },
  }),
  'GET /draft/all': () => ({}),
  'GET /draft/by-id': (c) => ({ query: { id: c.draftId } }),
  'POST /draft/save': (c) => ({
    payload: {
      id: c.draftId,
      baseRevision: 1,
      name: 'Saved by example',
      ingestedUrl: 'https://shop.example.com/landing',
      step: 'EditGoals',
      thumbnail: null,
      state: { version: 1, elements: [] },
    },
  }),
  'DELETE /draft/delete': (c) => ({ query: { id: c.draftId } }),
  'GET /api-keys': () => ({}),
  'GET /tracker/snippet': () => ({}),
  // The owner turned "View variant" on in the setup; "control" survives delete-variant.
  'POST /campaign/variant-preview-link': (c) => ({
    payload: { campaignId: c.variantCampaignId, elementId: c.elementId, variantId: 'control' },
  }),
  'POST /api-keys/create': () => ({ payload: { name: 'Created by example' } }),
  'DELETE /api-keys/revoke': (c) => ({ query: { id: c.apiKeyId } }),
  'GET /intro-survey': () => ({}),
  'POST /intro-survey/save': () => ({
    payload: {
      companyName: 'Victim Lamps',
      marketingSpend: '<10k',
      demographic: 'Entrepreneur',
      industry: 'Direct to Consumer',
      referral: '',
    },
  }),
  'POST /intro-survey/dismiss': () => ({}),
  'GET /waitlist': () => ({ query: { entry: 'shopify-app' } }),
  'POST /waitlist/join': () => ({ payload: { entry: 'shopify-app' } }),
  'POST /waitlist/leave': () => ({ payload: { entry: 'wordpress-plugin' } }),
  'GET /url-context/by-url': () => ({ query: { url: 'shop.example.com/landing' } }),
  'POST /pages': () => ({ payload: { slug: 'created-by-example', content: PAGE_CONTENT } }),
  'GET /pages': () => ({}),
  'GET /pages/:id': (c) => ({ params: { id: c.pageId } }),
  'PUT /pages/:id': (c) => ({
    params: { id: c.pageId },
    payload: { slug: 'victim-page', content: { ...PAGE_CONTENT, headline: 'Replaced' } },
  }),
  'DELETE /pages/:id': (c) => ({ params: { id: c.doomedPageId } }),
  // The page not published yet (the delete example removes it last).
  'POST /pages/:id/publish': (c) => ({ params: { id: c.doomedPageId } }),
  'POST /pages/:id/unpublish': (c) => ({ params: { id: c.pageId } }),
  'GET /pages/:id/signups': (c) => ({ params: { id: c.pageId } }),
  'GET /pages/:id/signups.csv': (c) => ({ params: { id: c.pageId } }),
  'GET /notifications': () => ({ query: { page: 1 } }),
  'GET /notifications/unread-count': () => ({}),
  'POST /notifications/read': (c) => ({ payload: { ids: [c.notificationId] } }),
  'POST /pages/:id/experiment': (c) => ({
    params: { id: c.experimentPageId },
    payload: { variants: [{ headline: 'A bolder promise', ctaLabel: 'Count me in' }] },
  }),
  'GET /pages/:id/experiment': (c) => ({ params: { id: c.experimentPageId } }),
  'POST /pages/:id/experiment/stop': (c) => ({ params: { id: c.experimentPageId } }),
  'POST /pages/:id/experiment/suggestions': (c) => ({
    params: { id: c.experimentPageId },
    payload: { idea: 'A calm planner for busy founders' },
  }),
  'POST /url-context/save': () => ({
    payload: {
      url: 'shop.example.com/landing',
      context: { offer: 'Lamps', avoidWords: ['cheap'] },
    },
  }),
};

function toUrl(slug: string, route: string, example: Example): string {
  const path = route
    .slice(TEAM_PREFIX.length)
    .replace(/^\/$/, '')
    .replace(/:([a-z]+)/gi, (_match, name: string) => String(example.params?.[name] ?? ''));
  const query = new URLSearchParams(
    Object.entries(example.query ?? {}).map(([key, value]): [string, string] => [
      key,
      String(value),
    ]),
  ).toString();
  return `/api/team/${slug}${path}${query ? `?${query}` : ''}`;
}

describeEachDatabase('every team-scoped route refuses other teams', (kind) => {
  // The owner's upload example writes files; they go to a folder of this suite's own.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-tenant-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // Payments on, so the owner's checkout and portal calls succeed against a local Stripe double.
  let stripe: StripeDouble;
  beforeAll(async () => {
    stripe = await startStripeDouble();
  });
  afterAll(() => stripe.close());
  const t = useTestApp(kind, () => ({
    JOB_WORKER: false,
    PREVIEW_ALLOW_HOSTS: ['fixture.localhost'],
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: 'sk_test_tenant',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_tenant',
    STRIPE_WEBHOOK_SECRET: 'whsec_tenant',
    STRIPE_API_BASE: stripe.url,
  }));

  const teamRoutes = () =>
    t.current.routes.filter(
      (route) => route.url === TEAM_PREFIX || route.url.startsWith(`${TEAM_PREFIX}/`),
    );

  it('has an example for every registered team route (and no stale examples)', () => {
    const registered = teamRoutes().map(
      (route) => `${route.method} ${route.url.slice(TEAM_PREFIX.length) || '/'}`,
    );
    expect(registered.length).toBeGreaterThanOrEqual(Object.keys(EXAMPLES).length);
    expect([...new Set(registered)].sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  describe('a foreign member gets 404 and nothing changes; the owner succeeds', () => {
    let owner: Account;
    let stranger: Account;
    let slug: string;
    let context: Context;

    beforeAll(async () => {
      owner = await signUp(t.current.app, 'Owner');
      stranger = await signUp(t.current.app, 'Stranger');
      slug = await createTeam(t.current.app, owner, 'Victim Team');
      await createTeam(t.current.app, stranger, 'Attacker Team');
      const member = await signUp(t.current.app, 'Member');
      await addMember(t.current.app, { owner, slug, member });
      const invite = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/members/invite`,
        headers: bearer(owner),
        payload: { email: 'pending@example.com', role: 'member' },
      });
      const created = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/create`,
        headers: bearer(owner),
        payload: campaign('Victim campaign'),
      });
      const withVariant = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/create`,
        headers: bearer(owner),
        payload: withVariantPayload(),
      });
      const variantCampaignId = withVariant.json<{ id: number }>().id;
      const ending = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/create`,
        headers: bearer(owner),
        payload: { ...withVariantPayload(), name: 'Victim ending' },
      });
      const endingId = ending.json<{ id: number }>().id;
      const endingElement = (
        await t.current.app.inject({
          method: 'GET',
          url: `/api/team/${slug}/campaign/by-id?id=${endingId}`,
          headers: bearer(owner),
        })
      ).json<{ elements: { id: number; variants: { id: number }[] }[] }>().elements[0]!;
      await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/feature-flags`,
        headers: bearer(owner),
        payload: { flag: 'view_variant', enabled: true },
      });
      const loaded = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/by-id?id=${variantCampaignId}`,
        headers: bearer(owner),
      });
      const element = loaded.json<{ elements: { id: number; variants: { id: number }[] }[] }>()
        .elements[0]!;
      const screenshot = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/screenshot?url=${encodeURIComponent(SCREENSHOT_URL)}`,
        headers: bearer(owner),
      });
      // Stored files a foreign call must not replace or remove: an upload, and the thumbnails the
      // (not running) worker would have written for the screenshot job.
      const form = imageForm();
      const uploaded = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/upload-images`,
        payload: form.payload,
        headers: { ...form.headers, ...bearer(owner) },
      });
      expect(uploaded.statusCode).toBe(200);
      const jobId = screenshot.json<{ jobId: string }>().jobId;
      await screenshotStore(dataDir).write(
        (['small', 'large'] as const).map((size) => ({
          name: thumbnailName(jobId, size),
          data: PIXEL,
        })),
      );
      const apiKey = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/api-keys/create`,
        headers: bearer(owner),
        payload: { name: 'Victim key' },
      });
      // Rows a foreign leave or save would change.
      await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/waitlist/join`,
        headers: bearer(owner),
        payload: { entry: 'wordpress-plugin' },
      });
      await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/url-context/save`,
        headers: bearer(owner),
        payload: { url: 'https://shop.example.com/landing', context: { offer: 'Brass lamps' } },
      });
      const pages = [];
      for (const pageSlug of ['victim-page', 'doomed-page', 'experiment-page']) {
        const page = await t.current.app.inject({
          method: 'POST',
          url: `/api/team/${slug}/pages`,
          headers: bearer(owner),
          payload: { slug: pageSlug, content: PAGE_CONTENT },
        });
        pages.push(page.json<{ id: number }>().id);
      }
      for (const published of [pages[0], pages[2]]) {
        await t.current.app.inject({
          method: 'POST',
          url: `/api/team/${slug}/pages/${published}/publish`,
          headers: bearer(owner),
        });
      }
      const pageSignup = await t.current.app.inject({
        method: 'POST',
        url: `/p/${slug}/victim-page/signup`,
        payload: { email: 'visitor@example.com' },
      });
      expect(pageSignup.statusCode).toBe(201);
      const victimTeam = await t.current.services.db
        .selectFrom('teams')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow();
      const notification = await notifyTeam(
        { ...t.current.services, outbox: createOutbox(t.current.services.mailer) },
        { teamId: victimTeam.id, title: 'Victim notice', body: 'Only the team may read it.' },
      );
      const draft = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/draft/save`,
        headers: bearer(owner),
        payload: {
          baseRevision: 0,
          name: 'Victim draft',
          ingestedUrl: 'https://shop.example.com/landing',
          step: 'EditElements',
          thumbnail: null,
          state: { version: 1, elements: [] },
        },
      });
      const webhook = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/webhooks`,
        headers: bearer(owner),
        payload: {
          url: 'https://hooks.example.com/kindling',
          format: 'json',
          events: ['page.signup'],
        },
      });
      const webhookId = webhook.json<{ webhook: { id: number } }>().webhook.id;
      const tested = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/webhooks/${webhookId}/test`,
        headers: bearer(owner),
      });
      const deliveryId = tested.json<{ delivery: { id: string } }>().delivery.id;
      await sql`update webhook_deliveries set status = 'failed' where id = ${deliveryId}`.execute(
        t.current.services.db,
      );
      context = {
        webhookId,
        deliveryId,
        draftId: draft.json<{ id: number }>().id,
        notificationId: notification.id,
        pageId: pages[0]!,
        doomedPageId: pages[1]!,
        experimentPageId: pages[2]!,
        apiKeyId: apiKey.json<{ apiKey: { id: number } }>().apiKey.id,
        jobId,
        campaignId: created.json<{ id: number }>().id,
        memberUserId: member.userId,
        inviteId: invite.json<{ invite: { id: number } }>().invite.id,
        variantCampaignId,
        elementId: element.id,
        variantId: element.variants[0]!.id,
        ending: {
          campaignId: endingId,
          elementId: endingElement.id,
          variantId: endingElement.variants[0]!.id,
        },
      };
      expect(context.campaignId).toBeGreaterThan(0);
    });

    const state = () => snapshotState({ db: t.current.services.db, dataDir });

    it('compares every table of the schema, those the matrix writes included', async () => {
      const tables = await listTables(t.current.services.db);
      expect(tables).toEqual(
        expect.arrayContaining(['ai_descriptions', 'ai_generations', 'rollups_hourly', 'teams']),
      );
      expect(tables.length).toBeGreaterThanOrEqual(34);
      const { files } = await state();
      expect(Object.keys(files).map((name) => name.split('/')[0])).toEqual(
        expect.arrayContaining(['uploads', 'screenshots']),
      );
      console.log(`[${kind}] tenant matrix compares ${tables.length} tables and the stored files`);
    });

    it('answers 404 to the foreign member on every route and changes nothing', async () => {
      const before = await state();
      for (const route of teamRoutes()) {
        const key = `${route.method} ${route.url.slice(TEAM_PREFIX.length) || '/'}`;
        const example = EXAMPLES[key]!(context);
        const response = await t.current.app.inject({
          method: route.method as 'GET',
          url: toUrl(slug, route.url, example),
          headers: { ...example.headers, ...bearer(stranger) },
          ...(example.payload ? { payload: example.payload } : {}),
        });
        expect({ key, status: response.statusCode, body: response.json() }).toEqual({
          key,
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'Team not found' } },
        });
      }
      expect(await state()).toEqual(before);
    });

    it('answers the owner on every route (destructive routes last), each change in the audit log', async () => {
      const destructive = (key: string) => key.startsWith('DELETE');
      const keys = teamRoutes()
        .map((route) => ({
          route,
          key: `${route.method} ${route.url.slice(TEAM_PREFIX.length) || '/'}`,
        }))
        .sort((a, b) => Number(destructive(a.key)) - Number(destructive(b.key)));
      const before = await state();
      /** Audit rows naming the owner per write route (issue 33). */
      const audited: Record<string, number> = {};
      const ownerRows = async () =>
        Number(
          (
            await t.current.services.db
              .selectFrom('auditLog')
              .select((eb) => eb.fn.countAll<string>().as('count'))
              .where('actorType', '=', 'user')
              .where('actorId', '=', owner.userId)
              .executeTakeFirstOrThrow()
          ).count,
        );
      for (const { route, key } of keys) {
        const example = EXAMPLES[key]!(context);
        const rowsBefore = await ownerRows();
        const response = await t.current.app.inject({
          method: route.method as 'GET',
          url: toUrl(slug, route.url, example),
          headers: { ...example.headers, ...bearer(owner) },
          ...(example.payload ? { payload: example.payload } : {}),
        });
        expect({
          key,
          ok: response.statusCode < 300,
          body: response.statusCode < 300 ? null : response.body,
        }).toEqual({
          key,
          ok: true,
          body: null,
        });
        if (route.access === 'write') audited[key] = (await ownerRows()) - rowsBefore;
      }
      // Every write route changes what the audit log records, and records it under the owner's
      // name, except those that change nothing it keeps (UNAUDITED_WRITES says why of each).
      const silent = Object.keys(audited).filter((key) => audited[key] === 0);
      expect(silent.sort()).toEqual(Object.keys(UNAUDITED_WRITES).sort());
      // Positive control for the foreign member's "nothing changed": the same calls by the owner
      // change the tables the comparison used to miss, and store files.
      const after = await state();
      const changed = Object.keys(after.tables).filter(
        (table) => JSON.stringify(after.tables[table]) !== JSON.stringify(before.tables[table]),
      );
      console.log(`[${kind}] the owner's calls changed ${changed.join(', ')}`);
      expect(changed).toEqual(
        expect.arrayContaining(['aiDescriptions', 'aiGenerations', 'rollupsHourly']),
      );
      expect(Object.keys(after.files).length).toBeGreaterThan(Object.keys(before.files).length);
    });
  });
});
