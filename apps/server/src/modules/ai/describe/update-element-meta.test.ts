import { ELEMENT_META_MESSAGES, ERROR_MESSAGES, elementMetaCacheKey } from '@kindling/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/databases';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../../test/fake-openai-server';
import {
  bearer,
  createTeam,
  errorOf,
  expectFieldError,
  signUp,
  useTestApp,
  type Account,
} from '../../../../test/test-app';
import { AI_PROVIDER_MESSAGES as M } from '../openai/ai-provider-error';
import { createLocalElementDescriber } from './local-element-describer';

const CONTEXT = [
  'Button "Sign Up" in the navigation',
  'HTML: <a class="btn" href="/signup">Sign Up</a>',
  'Page title: Acme invoicing',
].join('\n');

describe('the local element describer', () => {
  it('states the editor’s summary of the element and the page title', async () => {
    const describer = createLocalElementDescriber();
    expect(await describer.describe({ context: CONTEXT })).toBe(
      'Button "Sign Up" in the navigation on the page "Acme invoicing".',
    );
    expect(await describer.describe({ context: 'Heading "Build faster".' })).toBe(
      'Heading "Build faster".',
    );
  });
});

function useMetaApi(t: ReturnType<typeof useTestApp>) {
  const state = {} as { owner: Account; slug: string };
  beforeAll(async () => {
    state.owner = await signUp(t.current.app);
    state.slug = await createTeam(t.current.app, state.owner, 'Meta Team');
  });
  const post = (payload: object, as?: Account) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${state.slug}/campaign/update-element-meta`,
      headers: bearer(as ?? state.owner),
      payload,
    });
  return { state, post };
}

const cacheKey = elementMetaCacheKey('https://acme.example/', 'nav a[href="/signup"]');

describeEachDatabase('POST /campaign/update-element-meta', (kind) => {
  const t = useTestApp(kind);
  const { post } = useMetaApi(t);

  it('describes the element once and answers from the cache while the context is the same', async () => {
    const first = await post({ id: -1, context: CONTEXT, cacheKey });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id: -1,
      meta: 'Button "Sign Up" in the navigation on the page "Acme invoicing".',
      cached: false,
    });
    expect((await post({ id: 4, context: CONTEXT, cacheKey })).json()).toMatchObject({
      id: 4,
      cached: true,
    });
    const changed = await post({ id: 4, context: 'Button "Join" in the header', cacheKey });
    expect(changed.json()).toEqual({ id: 4, meta: 'Button "Join" in the header.', cached: false });
  });

  it.each([
    ['no context', { id: 1, cacheKey }, 'context', ELEMENT_META_MESSAGES.contextMissing],
    [
      'a blank context',
      { id: 1, context: '  ', cacheKey },
      'context',
      ELEMENT_META_MESSAGES.contextMissing,
    ],
    [
      'a long context',
      { id: 1, context: 'x'.repeat(10_001), cacheKey },
      'context',
      ELEMENT_META_MESSAGES.contextTooLong,
    ],
    [
      'a foreign cache key',
      { id: 1, context: 'x', cacheKey: 'other/key' },
      'cacheKey',
      ELEMENT_META_MESSAGES.cacheKey,
    ],
  ])('refuses %s with a clear message', async (_name, payload, field, message) => {
    const response = await post(payload);
    expectFieldError(response, field, message);
  });

  it("keeps each team's cache to itself and refuses another team", async () => {
    const stranger = await signUp(t.current.app, 'Stranger');
    const other = await createTeam(t.current.app, stranger, 'Other Meta Team');
    const foreign = await post({ id: 1, context: CONTEXT, cacheKey }, stranger);
    expect(foreign.statusCode).toBe(404);
    const own = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${other}/campaign/update-element-meta`,
      headers: bearer(stranger),
      payload: { id: 1, context: CONTEXT, cacheKey },
    });
    expect(own.json()).toMatchObject({ cached: false });
  });
});

describeEachDatabase('POST /campaign/update-element-meta with AI_PROVIDER=openai', (kind) => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(() => fake.close());
  const t = useTestApp(kind, () => ({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: fake.baseUrl,
    AI_MAX_ATTEMPTS: 1,
  }));
  const { post } = useMetaApi(t);

  it('asks the model, and says "Could not update element meta" with the reason when it fails', async () => {
    const ok = await post({ id: 1, context: CONTEXT, cacheKey });
    expect(ok.json<{ meta: string }>().meta).toContain('A page element: Button "Sign Up"');
    const sent = fake.requests.at(-1)?.body as { messages: { content: string }[] };
    expect(sent.messages[1]?.content).toContain('Page title: Acme invoicing');
    fake.script('500');
    const failed = await post({ id: 1, context: 'Something else', cacheKey });
    expect(failed.statusCode).toBe(502);
    expect(errorOf(failed).message).toBe(`${ERROR_MESSAGES.elementMeta}: ${M.failed(500)}`);
  });
});
