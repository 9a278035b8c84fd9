import { ACCOUNT_MESSAGES, LANDING_PAGE_MESSAGES, type LandingPageContent } from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { snapshotTables } from '../../../test/table-snapshot';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { tooManyFormFields } from '../../http/form-body';
import { JSON_TOO_DEEP } from '../../http/json-body';
import { TOO_MANY_ATTEMPTS } from '../auth/rate-limit';
import { SIGNUP_MAX_FORM_FIELDS } from './public-routes';

// Issue 18, security: sign-up spam and one team reaching for another team's pages. The plain
// cases (honeypot, one bad address, the 429 status) are in pages.test.ts.

const CONTENT: LandingPageContent = {
  headline: 'Private beta',
  subheadline: 'Be the first to try it.',
  cta: { type: 'signup', label: 'Join' },
  features: ['One', 'Two', 'Three'],
  price: '$5',
};
const TABLES = ['pages', 'pageSignups'] as const;
const RATE = 3;

const MALFORMED_EMAILS: unknown[] = [
  'plainaddress',
  'a@',
  '@example.com',
  'a@@example.com',
  'a b@example.com',
  'a@example.com\r\nBcc: victim@example.com',
  '<script>alert(1)</script>@example.com',
  `${'a'.repeat(250)}@example.com`,
  '',
  42,
  ['a@example.com'],
];

describeEachDatabase('burner pages: sign-up spam and other teams', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, PAGE_SIGNUP_RATE_LIMIT_PER_MINUTE: RATE });
  let victim: Account;
  let attacker: Account;
  let victimTeam: string;
  let attackerTeam: string;
  let victimPageId: number;
  let attackerPageId: number;

  const snapshot = () => snapshotTables(t.current.services.db, TABLES);
  let address = 0;
  /** A sign-up from its own client address (the rate limit counts per address) unless given. */
  const signup = (team: string, payload: object, { form = false, ip = '' } = {}) => {
    address += 1;
    return t.current.app.inject({
      method: 'POST',
      url: `/p/${team}/beta/signup`,
      remoteAddress: ip || `10.2.0.${address}`,
      ...(form
        ? {
            payload: new URLSearchParams(payload as Record<string, string>).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload }),
    });
  };
  const createPublished = async (account: Account, team: string) => {
    const created = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/pages`,
      headers: bearer(account),
      payload: { slug: 'beta', content: CONTENT },
    });
    const { id } = created.json<{ id: number }>();
    await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/pages/${id}/publish`,
      headers: bearer(account),
    });
    return id;
  };
  const csvOf = async (account: Account, team: string, id: number) =>
    (
      await t.current.app.inject({
        url: `/api/team/${team}/pages/${id}/signups.csv`,
        headers: bearer(account),
      })
    ).body;

  beforeAll(async () => {
    victim = await signUp(t.current.app, 'Vera Victim');
    attacker = await signUp(t.current.app, 'Arno Attacker');
    victimTeam = await createTeam(t.current.app, victim, 'Victim Labs');
    attackerTeam = await createTeam(t.current.app, attacker, 'Attacker Labs');
    // The same page address in both teams: nothing may mix them up.
    victimPageId = await createPublished(victim, victimTeam);
    attackerPageId = await createPublished(attacker, attackerTeam);
  });

  describe('sign-up spam', () => {
    it('stores the same address once, sent again or many times at once, in any case', async () => {
      expect((await signup(victimTeam, { email: 'twice@example.com' })).statusCode).toBe(201);
      const once = await snapshot();
      const again = await Promise.all(
        ['twice@example.com', 'TWICE@example.com', 'Twice@Example.Com', 'twice@example.com'].map(
          (email, index) => signup(victimTeam, { email }, { form: index % 2 === 1 }),
        ),
      );
      // JSON answers 201; the page's form is sent on to its thank-you page (303).
      expect(again.map((response) => response.statusCode)).toEqual([201, 303, 201, 303]);
      expect(await snapshot()).toBe(once);
      const burst = await Promise.all(
        [1, 2, 3].map(() => signup(victimTeam, { email: 'burst@example.com' })),
      );
      expect(burst.map((response) => response.statusCode)).toEqual([201, 201, 201]);
      const csv = await csvOf(victim, victimTeam, victimPageId);
      expect(csv.match(/^burst@example\.com,/gm)).toHaveLength(1);
    });

    it('refuses malformed addresses with the spec message, as JSON and as a form', async () => {
      const before = await snapshot();
      for (const email of MALFORMED_EMAILS) {
        const json = await signup(victimTeam, { email });
        expect({ email, status: json.statusCode, message: errorOf(json).message }).toEqual({
          email,
          status: 400,
          message: ACCOUNT_MESSAGES.email,
        });
        if (typeof email !== 'string') continue;
        const form = await signup(victimTeam, { email }, { form: true });
        expect(form.statusCode).toBe(400);
        expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(form.body).toContain(ACCOUNT_MESSAGES.email);
      }
      const missing = await signup(victimTeam, {});
      expect(errorOf(missing).message).toBe(ACCOUNT_MESSAGES.email);
      expect(await snapshot()).toBe(before);
    });

    it('answers 429 with a clear message over the rate, JSON or form, storing nothing', async () => {
      const ip = '10.3.3.3';
      for (let index = 0; index < RATE; index += 1) {
        const response = await signup(victimTeam, { email: `ok${index}@example.com` }, { ip });
        expect(response.statusCode).toBe(201);
      }
      const before = await snapshot();
      const json = await signup(victimTeam, { email: 'over@example.com' }, { ip });
      expect({ status: json.statusCode, error: errorOf(json) }).toEqual({
        status: 429,
        error: { code: 'RATE_LIMITED', message: TOO_MANY_ATTEMPTS },
      });
      const form = await signup(victimTeam, { email: 'over2@example.com' }, { ip, form: true });
      expect(form.statusCode).toBe(429);
      expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(form.body).toContain(TOO_MANY_ATTEMPTS);
      // The limit is per sign-up route, not per page: another team's page counts too.
      expect((await signup(attackerTeam, { email: 'x@example.com' }, { ip })).statusCode).toBe(429);
      expect(await snapshot()).toBe(before);
    });
  });

  describe('oversized and hostile bodies (issue 34)', () => {
    const FORM = 'application/x-www-form-urlencoded';
    const post = (payload: string, headers: Record<string, string>, ip: string) =>
      t.current.app.inject({
        method: 'POST',
        url: `/p/${victimTeam}/beta/signup`,
        remoteAddress: ip,
        headers,
        payload,
      });
    const fields = (count: number) =>
      ['email=many%40example.com', ...Array.from({ length: count - 1 }, (_, i) => `f${i}=x`)].join(
        '&',
      );

    it('refuses a 400,000-field form unread, declared or chunked, storing nothing', async () => {
      const before = await snapshot();
      const huge = fields(400_000);
      const declared = await post(huge, { 'content-type': FORM }, '10.4.0.1');
      expect(declared.statusCode).toBe(413);
      expect(declared.body).toContain('The request body is larger than 4 KB.');
      const chunked = await post(
        huge,
        { 'content-type': FORM, 'transfer-encoding': 'chunked' },
        '10.4.0.2',
      );
      expect(chunked.statusCode).toBe(413);
      expect(await snapshot()).toBe(before);
    });

    it('refuses a form of more fields than the page sends, and JSON nested too deep', async () => {
      const before = await snapshot();
      const many = await post(
        fields(SIGNUP_MAX_FORM_FIELDS + 1),
        { 'content-type': FORM },
        '10.4.0.3',
      );
      expect(many.statusCode).toBe(400);
      expect(many.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(many.body).toContain(tooManyFormFields(SIGNUP_MAX_FORM_FIELDS));
      const deep = await post(
        `${'{"email":'.repeat(40)}"a@example.com"${'}'.repeat(40)}`,
        { 'content-type': 'application/json' },
        '10.4.0.4',
      );
      expect(deep.statusCode).toBe(400);
      expect(errorOf(deep)).toEqual({ code: 'VALIDATION', message: JSON_TOO_DEEP });
      expect(await snapshot()).toBe(before);
      // Positive control: the page's own form, with a field it does not know, signs up.
      const own = await post(
        'email=own-form%40example.com&website=&submit=Join',
        { 'content-type': FORM },
        '10.4.0.5',
      );
      expect(own.statusCode).toBe(303);
      expect(await csvOf(victim, victimTeam, victimPageId)).toContain('own-form@example.com');
    });
  });

  describe("another team's pages", () => {
    it("answers 404 on every page route given the other team's page id, changing nothing", async () => {
      const idRoutes = t.current.routes.filter((route) => route.url.includes('/pages/:id'));
      expect(idRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
        [
          'DELETE /api/team/:team/pages/:id',
          'GET /api/team/:team/pages/:id',
          'GET /api/team/:team/pages/:id/signups.csv',
          'GET /api/team/:team/pages/:id/signups',
          'POST /api/team/:team/pages/:id/publish',
          'POST /api/team/:team/pages/:id/unpublish',
          'PUT /api/team/:team/pages/:id',
          'POST /api/team/:team/pages/:id/experiment',
          'GET /api/team/:team/pages/:id/experiment',
          'POST /api/team/:team/pages/:id/experiment/stop',
          'POST /api/team/:team/pages/:id/experiment/suggestions',
        ].sort(),
      );
      const payloads: Record<string, object> = {
        'PUT /api/team/:team/pages/:id': { slug: 'stolen', content: CONTENT },
        'POST /api/team/:team/pages/:id/experiment': {
          variants: [{ headline: 'Stolen', ctaLabel: 'Go' }],
        },
        'POST /api/team/:team/pages/:id/experiment/suggestions': { idea: 'Steal it' },
      };
      const before = await snapshot();
      for (const route of idRoutes) {
        const response = await t.current.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(':team', attackerTeam).replace(':id', String(victimPageId)),
          headers: bearer(attacker),
          payload: payloads[`${route.method} ${route.url}`],
        });
        expect({ route: route.url, status: response.statusCode, error: errorOf(response) }).toEqual(
          {
            route: route.url,
            status: 404,
            error: { code: 'NOT_FOUND', message: LANDING_PAGE_MESSAGES.notFound },
          },
        );
      }
      expect(await snapshot()).toBe(before);
    });

    it("lists and exports only the team's own pages and sign-ups", async () => {
      await signup(victimTeam, { email: 'only-victim@example.com' });
      await signup(attackerTeam, { email: 'only-attacker@example.com' });
      const list = await t.current.app.inject({
        url: `/api/team/${attackerTeam}/pages`,
        headers: bearer(attacker),
      });
      expect(list.json<{ pages: { id: number }[] }>().pages.map((page) => page.id)).toEqual([
        attackerPageId,
      ]);
      const attackerCsv = await csvOf(attacker, attackerTeam, attackerPageId);
      expect(attackerCsv).toContain('only-attacker@example.com');
      expect(attackerCsv).not.toContain('only-victim@example.com');
      const victimCsv = await csvOf(victim, victimTeam, victimPageId);
      expect(victimCsv).toContain('only-victim@example.com');
      expect(victimCsv).not.toContain('only-attacker@example.com');
    });

    it('serves a page only under its own team: the same address elsewhere stays unpublished', async () => {
      await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${attackerTeam}/pages/${attackerPageId}/unpublish`,
        headers: bearer(attacker),
      });
      const before = await snapshot();
      const viaOwnTeam = await t.current.app.inject({ url: `/p/${attackerTeam}/beta` });
      expect(viaOwnTeam.statusCode).toBe(404);
      expect(
        (await signup(attackerTeam, { email: 'lost@example.com' }, { ip: '10.4.4.4' })).statusCode,
      ).toBe(404);
      expect(await snapshot()).toBe(before);
    });
  });
});
