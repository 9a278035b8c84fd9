import {
  CAMPAIGN_FORM_MESSAGES,
  GoalEventType,
  LANDING_PAGE_MESSAGES,
  type LandingPageContent,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
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

const APP = 'http://localhost:3000';
const CONTENT: LandingPageContent = { ...PLANNER_PAGE, price: undefined };

// Issue 18: a published page is a normal campaign URL, also on an instance that runs on
// localhost, where the page-URL rule and the preview's SSRF guard refuse other addresses.
describeEachDatabase('a published page as a campaign URL', (kind) => {
  // No PREVIEW_ALLOW_HOSTS: the preview may not fetch localhost over the network.
  const t = useTestApp(kind, { JOB_WORKER: false, PUBLIC_URL: `${APP}/` });
  let owner: Account;
  let team: string;
  let pageUrl: string;
  let draftUrl: string;

  const inTeam = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const campaignOn = (url: string, goalUrl = `${url}/thanks`) =>
    inTeam('POST', '/campaign/create', {
      ingestedUrl: url,
      name: 'Launch page',
      goals: [{ id: -1, event: { type: GoalEventType.PageView, name: 'Sign-up', url: goalUrl } }],
    });
  const preview = async (url: string) => {
    const ticket = await t.current.app.inject({
      method: 'POST',
      url: '/api/preview/ticket',
      headers: bearer(owner),
      payload: { url },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    return t.current.app.inject({ method: 'GET', url: ticket.json<{ src: string }>().src });
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Camille Campaign');
    team = await createTeam(t.current.app, owner, 'Campaign Pages');
    const created = await inTeam('POST', '/pages', { slug: 'planner', content: CONTENT });
    const { id, url } = created.json<{ id: number; url: string }>();
    expect((await inTeam('POST', `/pages/${id}/publish`)).statusCode).toBe(200);
    pageUrl = url;
    const draft = await inTeam('POST', '/pages', { slug: 'draft', content: CONTENT });
    draftUrl = draft.json<{ url: string }>().url;
  });

  it('takes the page (and its thank-you page as a goal) as a campaign on localhost', async () => {
    expect(pageUrl).toBe(`${APP}/p/${team}/planner`);
    const created = await campaignOn(pageUrl);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const saved = await inTeam('GET', `/campaign/by-id?id=${id}`);
    expect(saved.json()).toMatchObject({
      ingestedUrl: pageUrl,
      goals: [{ event: { url: `${pageUrl}/thanks` } }],
    });
  });

  it('still refuses other localhost and IP addresses, and changes nothing', async () => {
    const before = await snapshotTables(t.current.services.db, ['campaigns']);
    for (const [url, goalUrl] of [
      ['http://localhost:3001/p/x/planner', undefined],
      [`${APP}/pricing`, undefined],
      ['http://127.0.0.1:3000/p/x/planner', undefined],
      [pageUrl, 'http://localhost:3001/thanks'],
    ] as const) {
      const refused = await campaignOn(url, goalUrl);
      expect(refused.statusCode, url).toBe(400);
      expect(errorOf(refused).message).toBe(CAMPAIGN_FORM_MESSAGES.urlInvalid);
    }
    expect(await snapshotTables(t.current.services.db, ['campaigns'])).toBe(before);
  });

  it('shows the page in the preview without fetching it over the network', async () => {
    const response = await preview(pageUrl);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Plan your week in five minutes');
    expect(response.body).toContain(`data-page-url="${pageUrl}"`);
    expect(response.body).toContain('data-page-status="200"');
    const thanks = await preview(`${pageUrl}/thanks`);
    expect(thanks.body).toContain('Thank you!');
  });

  it('asks the host guard before a screenshot of the page, as for any campaign URL', async () => {
    const shot = (url: string) =>
      inTeam('GET', `/campaign/screenshot?${new URLSearchParams({ url }).toString()}`);
    // The rule lets the page through; loopback is still the guard's to refuse (no allow-list).
    const own = await shot(pageUrl);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe('This address cannot be previewed');
    const other = await shot('http://localhost:3001/p/x/planner');
    expect(other.statusCode).toBe(400);
    expect(errorOf(other).message).toBe('This address is not valid');
  });

  it('answers an unpublished page with the public 404, and other local addresses as before', async () => {
    const draft = await preview(draftUrl);
    expect(draft.statusCode).toBe(404);
    expect(draft.body).toContain(LANDING_PAGE_MESSAGES.notFound);
    const other = await preview(`${APP}/admin`);
    expect(other.statusCode).toBe(403);
    expect(other.body).toContain('This address cannot be previewed');
  });
});
