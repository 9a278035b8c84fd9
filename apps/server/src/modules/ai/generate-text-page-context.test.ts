import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test/fake-openai-server';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// generate-text with `url`: the page's saved context (url-context) joins the request. The
// local provider honours its words to avoid; a model is told all of it, and the use-case still
// drops answers that use an avoided word.

const PAGE = 'https://invoices.example.com/pricing';

function withPageContext(kind: Parameters<typeof useTestApp>[0], fake?: () => FakeOpenAiServer) {
  const t = useTestApp(kind, () => ({
    JOB_WORKER: false,
    ...(fake
      ? { AI_PROVIDER: 'openai' as const, AI_BASE_URL: fake().baseUrl, AI_API_KEY: 'sk-context' }
      : {}),
  }));
  let owner: Account;
  let slug: string;
  const post = (path: string, payload: object, team = slug) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}${path}`,
      headers: bearer(owner),
      payload,
    });
  const variantsOf = async (payload: object, team = slug) => {
    const response = await post('/campaign/generate-text', payload, team);
    expect(response.statusCode).toBe(200);
    return response.json<{ variants: string[] }>().variants;
  };
  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Context Team');
  });
  return { post, variantsOf, team: () => slug, owner: () => owner, t };
}

describeEachDatabase('generate-text with a page context (local provider)', (kind) => {
  const page = withPageContext(kind);
  const request = { value: 'Start free trial', count: 3, tone: 'friendly', url: PAGE };

  it('uses none of the page’s words to avoid, and still answers count suggestions', async () => {
    const before = await page.variantsOf(request);
    expect(before).toContain('Claim your free trial today');

    const saved = await page.post('/url-context/save', {
      url: 'invoices.example.com/pricing#plans',
      context: { offer: 'Invoicing for freelancers', avoidWords: ['Today', 'easy'] },
    });
    expect(saved.statusCode).toBe(200);
    const after = await page.variantsOf(request);
    expect(after).toHaveLength(3);
    expect(after.filter((text) => /\b(today|easy)\b/i.test(text))).toEqual([]);
    expect(after).not.toEqual(before);

    // Without the url, or for another page, the context does not apply.
    expect(await page.variantsOf({ ...request, url: undefined })).toEqual(before);
    expect(await page.variantsOf({ ...request, url: 'invoices.example.com/' })).toEqual(before);
  });

  it('applies only the asking team’s context for the page', async () => {
    const other = await createTeam(page.t.current.app, page.owner(), 'Second Team');
    expect(await page.variantsOf(request, other)).toContain('Claim your free trial today');
  });

  it('refuses an invalid page address with the URL message', async () => {
    const response = await page.post('/campaign/generate-text', { ...request, url: 'nope' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Please check that you have entered a valid URL');
  });
});

describeEachDatabase('generate-text with a page context (openai provider)', (kind) => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(() => fake.close());
  const page = withPageContext(kind, () => fake);

  it('tells the model the offer, audience, voice and words to avoid', async () => {
    await page.post('/url-context/save', {
      url: PAGE,
      context: {
        offer: 'Invoicing for freelancers',
        audience: 'Designers who hate paperwork',
        voice: 'Dry humour',
        avoidWords: ['cheap', 'hassle-free'],
      },
    });
    expect(await page.variantsOf({ value: 'Start free trial', count: 2, url: PAGE })).toHaveLength(
      2,
    );
    const user = (fake.requests.at(-1)?.body as { messages: { content: string }[] }).messages[1];
    expect(user?.content).toContain(
      '- What the page offers: Invoicing for freelancers\n' +
        '- Who it is for: Designers who hate paperwork\n' +
        '- Voice: Dry humour',
    );
    expect(user?.content).toContain('Never use these words or phrases: cheap, hassle-free');
  });

  it('drops the model’s answers that use an avoided word anyway', async () => {
    // The fake answers "{text} (take N)".
    await page.post('/url-context/save', { url: PAGE, context: { avoidWords: ['take'] } });
    expect(await page.variantsOf({ value: 'Start free trial', count: 2, url: PAGE })).toEqual([]);
    const user = (fake.requests.at(-1)?.body as { messages: { content: string }[] }).messages[1];
    expect(user?.content).toContain('About the page, as the team describes it:\n(none)');
  });
});
