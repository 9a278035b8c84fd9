import { LANDING_PAGE_MESSAGES, type LandingPageContent } from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { PLANNER_PAGE } from '../../../test/planner-page';
import { snapshotTables } from '../../../test/table-snapshot';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const CONTENT: LandingPageContent = PLANNER_PAGE;

const TABLES = ['pages', 'pageSignups'] as const;

describeEachDatabase('burner landing pages', (kind) => {
  const t = useTestApp(kind, {
    JOB_WORKER: false,
    PUBLIC_URL: 'https://app.example.com',
    PAGE_SIGNUP_RATE_LIMIT_PER_MINUTE: 4,
  });
  let owner: Account;
  let team: string;

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    account: Account = owner,
  ) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}/pages${path}`,
      headers: bearer(account),
      ...(payload ? { payload } : {}),
    });
  const create = async (slug: string, content: LandingPageContent = CONTENT, extra = {}) => {
    const response = await api('POST', '', { slug, content, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; url: string }>();
  };
  /** Each caller its own client address, so the sign-up rate limit is per test. */
  let address = 0;
  const signup = (slug: string, payload: object, form = false, ip?: string) => {
    address += 1;
    return t.current.app.inject({
      method: 'POST',
      url: `/p/${team}/${slug}/signup`,
      remoteAddress: ip ?? `10.1.0.${address}`,
      ...(form
        ? {
            payload: new URLSearchParams(payload as Record<string, string>).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload }),
    });
  };
  const csv = async (id: number) => {
    const response = await api('GET', `/${id}/signups.csv`);
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Paula Pages');
    team = await createTeam(t.current.app, owner, 'Page Team');
  });

  describe('managing pages', () => {
    it('creates, reads, lists, replaces and deletes a page', async () => {
      const { id, url } = await create('planner');
      expect(url).toBe(`https://app.example.com/p/${team}/planner`);
      const read = await api('GET', `/${id}`);
      expect(read.json()).toMatchObject({
        id,
        slug: 'planner',
        templateId: 2,
        indexable: false,
        published: false,
        content: CONTENT,
      });
      const list = await api('GET', '');
      expect(list.json<{ pages: { id: number }[] }>().pages.map((page) => page.id)).toContain(id);

      const replaced = await api('PUT', `/${id}`, {
        slug: 'planner-2',
        templateId: 3,
        indexable: true,
        content: { ...CONTENT, headline: 'A new headline' },
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({
        slug: 'planner-2',
        templateId: 3,
        indexable: true,
        content: { headline: 'A new headline' },
        url: `https://app.example.com/p/${team}/planner-2`,
      });

      expect((await api('DELETE', `/${id}`)).statusCode).toBe(204);
      expect((await api('GET', `/${id}`)).statusCode).toBe(404);
      expect((await api('DELETE', `/${id}`)).statusCode).toBe(404);
    });

    it('refuses bad input with a clear 400 and changes nothing', async () => {
      const { id } = await create('keep-me');
      const before = await snapshotTables(t.current.services.db, TABLES);
      const cases: [object, string][] = [
        [{ slug: 'Bad Slug', content: CONTENT }, LANDING_PAGE_MESSAGES.slug],
        [
          { slug: 'ok', content: { ...CONTENT, headline: '' } },
          LANDING_PAGE_MESSAGES.headlineRequired,
        ],
        [
          { slug: 'ok', content: { ...CONTENT, features: ['one'] } },
          LANDING_PAGE_MESSAGES.featuresCount,
        ],
        [
          {
            slug: 'ok',
            content: { ...CONTENT, cta: { type: 'link', label: 'Go', url: 'javascript:alert(1)' } },
          },
          LANDING_PAGE_MESSAGES.ctaUrl,
        ],
        [{ slug: 'ok', content: CONTENT, templateId: 9 }, LANDING_PAGE_MESSAGES.templateId],
        [{ slug: 'keep-me', content: CONTENT }, LANDING_PAGE_MESSAGES.slugTaken],
      ];
      for (const [payload, message] of cases) {
        const created = await api('POST', '', payload);
        expect({ status: created.statusCode, message: errorOf(created).message }).toEqual({
          status: 400,
          message,
        });
      }
      const other = await create('other');
      const clash = await api('PUT', `/${other.id}`, { slug: 'keep-me', content: CONTENT });
      expect(errorOf(clash)).toMatchObject({
        message: LANDING_PAGE_MESSAGES.slugTaken,
        fields: { slug: LANDING_PAGE_MESSAGES.slugTaken },
      });
      const badPut = await api('PUT', `/${id}`, {
        slug: 'keep-me',
        content: { ...CONTENT, price: 'x'.repeat(41) },
      });
      expect(errorOf(badPut).message).toBe(LANDING_PAGE_MESSAGES.priceTooLong);
      await api('DELETE', `/${other.id}`);
      expect(await snapshotTables(t.current.services.db, TABLES)).toBe(before);
      expect((await api('GET', '/abc')).statusCode).toBe(400);
    });

    it('uses PAGES_ORIGIN for the url when set', async () => {
      const { id } = await create('origin-check');
      const { config } = t.current.services;
      // Read per request, so switching it here is what a restart with the setting would do.
      config.PAGES_ORIGIN = 'https://pages.example.net/ignored-path';
      try {
        const read = await api('GET', `/${id}`);
        expect(read.json<{ url: string }>().url).toBe(
          `https://pages.example.net/p/${team}/origin-check`,
        );
      } finally {
        config.PAGES_ORIGIN = undefined;
      }
    });
  });

  describe('the public page', () => {
    it('answers 404 until published and again after unpublishing', async () => {
      const { id } = await create('launch');
      expect((await t.current.app.inject({ url: `/p/${team}/launch` })).statusCode).toBe(404);
      const published = await api('POST', `/${id}/publish`);
      expect(published.json()).toMatchObject({ published: true });

      const page = await t.current.app.inject({ url: `/p/${team}/launch` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('public, max-age=60');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      const tracker = `https://app.example.com/api/tracker/${team}.js`;
      expect(page.headers['content-security-policy']).toBe(
        `default-src 'none'; script-src ${tracker} https://app.example.com/api/tracker/${team}/; connect-src https://app.example.com; style-src 'unsafe-inline'; img-src http: https: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
      );
      // The page's own collect key: its tracker sends it, collect asks it of its campaigns.
      expect(page.body).toMatch(/<script src="[^"]+" data-collect-key="[0-9a-f]{32}"><\/script>/);
      expect(page.body).toContain(`<script src="${tracker}" data-collect-key="`);
      expect(page.body).toContain('<h1>Plan your week in five minutes</h1>');
      expect(page.body).toContain(`action="/p/${team}/launch/signup"`);

      const etag = page.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await t.current.app.inject({
        url: `/p/${team}/launch`,
        headers: { 'if-none-match': `W/${etag}` },
      });
      expect(again.statusCode).toBe(304);

      expect((await api('POST', `/${id}/unpublish`)).json()).toMatchObject({ published: false });
      const gone = await t.current.app.inject({ url: `/p/${team}/launch` });
      expect(gone.statusCode).toBe(404);
      expect(errorOf(gone).message).toBe(LANDING_PAGE_MESSAGES.notFound);
      expect((await t.current.app.inject({ url: `/p/no-such-team/launch` })).statusCode).toBe(404);
    });

    it('drops noindex when the team makes the page indexable, and shows edits at once', async () => {
      const { id } = await create('indexed', CONTENT, { indexable: true });
      await api('POST', `/${id}/publish`);
      const page = await t.current.app.inject({ url: `/p/${team}/indexed` });
      expect(page.headers['x-robots-tag']).toBeUndefined();
      expect(page.body).not.toContain('noindex');
      await api('PUT', `/${id}`, {
        slug: 'indexed',
        indexable: true,
        content: { ...CONTENT, headline: 'Edited' },
      });
      const edited = await t.current.app.inject({ url: `/p/${team}/indexed` });
      expect(edited.body).toContain('<h1>Edited</h1>');
      expect(edited.headers.etag).not.toBe(page.headers.etag);
    });
  });

  describe('sign-ups', () => {
    let id: number;
    beforeAll(async () => {
      ({ id } = await create('waitlist'));
      await api('POST', `/${id}/publish`);
    });

    it('stores an address once, whatever its case, and answers 201 both times', async () => {
      expect((await signup('waitlist', { email: 'Ada@Example.com' })).statusCode).toBe(201);
      expect((await signup('waitlist', { email: 'ada@example.COM' })).statusCode).toBe(201);
      const rows = (await csv(id)).trim().split('\r\n');
      expect(rows[0]).toBe('email,signed_up_at');
      expect(rows.filter((row) => row.startsWith('ada@example.com,'))).toHaveLength(1);
    });

    it('takes the page form post and sends the visitor on to a thank-you page', async () => {
      const response = await signup('waitlist', { email: 'form@example.com', website: '' }, true);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/p/${team}/waitlist/thanks`);
      const thanks = await t.current.app.inject({ url: response.headers.location });
      expect(thanks.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(thanks.body).toContain('Thank you!');
      // The tracker runs there (its view is the sign-up goal); nothing else does.
      expect(thanks.body.match(/<script/g)).toHaveLength(1);
      expect(thanks.headers['content-security-policy']).toContain(
        `script-src https://app.example.com/api/tracker/${team}.js https://app.example.com/api/tracker/${team}/;`,
      );
      expect(await csv(id)).toContain('form@example.com');
    });

    it('refuses a filled honeypot, a bad address and unknown pages, storing nothing', async () => {
      const before = await snapshotTables(t.current.services.db, ['pageSignups']);
      const bot = await signup('waitlist', {
        email: 'bot@example.com',
        website: 'http://spam.example',
      });
      expect({ status: bot.statusCode, message: errorOf(bot).message }).toEqual({
        status: 400,
        message: LANDING_PAGE_MESSAGES.honeypot,
      });
      const botForm = await signup('waitlist', { email: 'bot2@example.com', website: 'x' }, true);
      expect(botForm.statusCode).toBe(400);
      expect(botForm.body).toContain(LANDING_PAGE_MESSAGES.honeypot);
      const bad = await signup('waitlist', { email: 'not-an-address' });
      expect(errorOf(bad).message).toBe('Please enter a valid email address');
      expect((await signup('nope', { email: 'x@example.com' })).statusCode).toBe(404);
      const { id: linkId } = await create('link-page', {
        ...CONTENT,
        cta: { type: 'link', label: 'Buy', url: 'https://shop.example.com' },
      });
      await api('POST', `/${linkId}/publish`);
      expect((await signup('link-page', { email: 'x@example.com' })).statusCode).toBe(404);
      expect(await snapshotTables(t.current.services.db, ['pageSignups'])).toBe(before);
    });

    it('refuses sign-ups past the rate from one address', async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        const response = await signup(
          'waitlist',
          { email: `rate${index}@example.com` },
          false,
          '10.9.9.9',
        );
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
      const stored = await csv(id);
      expect(stored).toContain('rate3@example.com');
      expect(stored).not.toContain('rate4@example.com');
    });

    it('exports CSV that a spreadsheet cannot read as formulas', async () => {
      await signup('waitlist', { email: '+cmd@example.com' });
      await signup('waitlist', { email: '-sum@example.com' });
      const response = await api('GET', `/${id}/signups.csv`);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="waitlist-signups.csv"',
      );
      expect(response.body).toContain("\r\n'+cmd@example.com,");
      expect(response.body).toContain("\r\n'-sum@example.com,");
    });

    it('lists sign-ups 30 a page, newest first, and counts them on the page list', async () => {
      const { id: busy } = await create('busy');
      await api('POST', `/${busy}/publish`);
      for (let index = 0; index < 31; index += 1) {
        expect((await signup('busy', { email: `fan${index}@example.com` })).statusCode).toBe(201);
      }
      type SignupPage = {
        signups: { email: string; createdAt: string }[];
        page: number;
        pageSize: number;
        totalItems: number;
        totalPages: number;
      };
      const first = (await api('GET', `/${busy}/signups`)).json<SignupPage>();
      expect(first).toMatchObject({ page: 1, pageSize: 30, totalItems: 31, totalPages: 2 });
      expect(first.signups).toHaveLength(30);
      expect(first.signups[0]).toEqual({
        email: 'fan30@example.com',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const second = (await api('GET', `/${busy}/signups?page=2`)).json<SignupPage>();
      expect(second.signups.map((row) => row.email)).toEqual(['fan0@example.com']);
      // Past the end: the last page rather than nothing.
      expect((await api('GET', `/${busy}/signups?page=7`)).json<SignupPage>().page).toBe(2);
      const badPage = await api('GET', `/${busy}/signups?page=0`);
      expect(badPage.statusCode).toBe(400);
      expect((await api('GET', '/999999/signups')).statusCode).toBe(404);

      const list = (await api('GET', '')).json<{ pages: { id: number; signupCount: number }[] }>();
      const counts = new Map(list.pages.map((page) => [page.id, page.signupCount]));
      expect(counts.get(busy)).toBe(31);
      const { id: quiet } = await create('quiet');
      expect(
        (await api('GET', ''))
          .json<{ pages: { id: number; signupCount: number }[] }>()
          .pages.find((page) => page.id === quiet)?.signupCount,
      ).toBe(0);
    });

    it('deleting the page removes its sign-ups', async () => {
      const { id: doomed } = await create('doomed');
      await api('POST', `/${doomed}/publish`);
      await signup('doomed', { email: 'gone@example.com' });
      await api('DELETE', `/${doomed}`);
      const left = await t.current.services.db
        .selectFrom('pageSignups')
        .select('email')
        .where('email', '=', 'gone@example.com')
        .execute();
      expect(left).toEqual([]);
    });
  });
});
