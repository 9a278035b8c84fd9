import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../test/fake-openai-server';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  expectFieldError,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { generateText } from './generate-text';
import { AI_PROVIDER_MESSAGES as M } from './openai/ai-provider-error';
import { GENERATE_TEXT_MESSAGES } from './routes';
import { suggestionKey } from './text-provider';

describe('generateText use-case', () => {
  it('cleans up whatever the provider answers', async () => {
    const provider = {
      offline: false,
      generateText: () =>
        Promise.resolve([
          '  ',
          'Buy now',
          'Shop today',
          'SHOP  today',
          'Old one',
          'x'.repeat(300),
          'A',
          'B',
        ]),
    };
    const result = await generateText(
      { provider },
      {
        request: { value: 'buy NOW', count: 2, currentVariants: ['old one'] },
      },
    );
    expect(result).toEqual({ variants: ['Shop today', 'A'], offline: false });
  });
});

describeEachDatabase('POST /campaign/generate-text', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;
  let slug: string;

  const generate = (payload: object, as = owner, team = slug) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/generate-text`,
      headers: bearer(as),
      payload,
    });
  const variantsOf = async (payload: object) => {
    const response = await generate(payload);
    expect(response.statusCode).toBe(200);
    return response.json<{ variants: string[] }>().variants;
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Copy Team');
  });

  it('answers count distinct suggestions for the full request of spec section 3', async () => {
    const variants = await variantsOf({
      type: 'normal',
      meta: 'The main call to action in the hero',
      value: 'Start free trial',
      count: 3,
      additional: 'save hours on invoicing',
      tone: 'friendly',
      currentVariants: [],
      styles: [{ type: 'textColor', value: 0xff0000ff }],
      debug: true,
    });
    expect(variants).toEqual([
      'Claim your free trial today',
      'Get your free trial',
      'Get started free',
    ]);
  });

  it('respects count, keeps suggestions distinct and leaves out the current variants', async () => {
    for (const count of [1, 4, 10]) {
      const variants = await variantsOf({ value: 'Start free trial', count });
      expect(variants).toHaveLength(count);
      expect(new Set(variants.map(suggestionKey)).size).toBe(count);
    }
    const first = await variantsOf({ value: 'Start free trial', count: 3 });
    const next = await variantsOf({
      value: 'Start free trial',
      count: 3,
      currentVariants: first.map((text) => text.toUpperCase()),
      meta: null,
    });
    expect(next).toHaveLength(3);
    const taken = new Set([...first, 'Start free trial'].map(suggestionKey));
    expect(next.filter((text) => taken.has(suggestionKey(text)))).toEqual([]);
  });

  it('answers 200 with fewer suggestions when the provider runs out', async () => {
    const variants = await variantsOf({ value: 'Join our newsletter', count: 10 });
    expect(variants.length).toBeGreaterThan(0);
    expect(variants.length).toBeLessThan(10);
  });

  it.each([
    ['no value', { count: 3 }, 'value', GENERATE_TEXT_MESSAGES.valueMissing],
    ['a blank value', { value: '   ', count: 3 }, 'value', GENERATE_TEXT_MESSAGES.valueMissing],
    ['an empty value', { value: '', count: 3 }, 'value', GENERATE_TEXT_MESSAGES.valueMissing],
    [
      'a value over 2000 characters',
      { value: 'x'.repeat(2001), count: 3 },
      'value',
      GENERATE_TEXT_MESSAGES.valueTooLong,
    ],
    ['no count', { value: 'Buy now' }, 'count', GENERATE_TEXT_MESSAGES.count],
    ['count 0', { value: 'Buy now', count: 0 }, 'count', GENERATE_TEXT_MESSAGES.count],
    ['count 11', { value: 'Buy now', count: 11 }, 'count', GENERATE_TEXT_MESSAGES.count],
    ['a fractional count', { value: 'Buy now', count: 1.5 }, 'count', GENERATE_TEXT_MESSAGES.count],
    ['a count as text', { value: 'Buy now', count: '3' }, 'count', GENERATE_TEXT_MESSAGES.count],
    [
      '51 current variants',
      {
        value: 'Buy now',
        count: 3,
        currentVariants: Array.from({ length: 51 }, (_, i) => `v${i}`),
      },
      'currentVariants',
      GENERATE_TEXT_MESSAGES.tooManyCurrent,
    ],
    [
      'a tone over 50 characters',
      { value: 'Buy now', count: 3, tone: 't'.repeat(51) },
      'tone',
      GENERATE_TEXT_MESSAGES.toneTooLong,
    ],
  ])('refuses %s with a clear message', async (_name, payload, field, message) => {
    const response = await generate(payload);
    expectFieldError(response, field, message);
  });

  it('refuses an unknown text type and malformed styles', async () => {
    expect((await generate({ value: 'Buy now', count: 1, type: 'fancy' })).statusCode).toBe(400);
    const styles = await generate({ value: 'Buy now', count: 1, styles: [{ type: 'glow' }] });
    expect(styles.statusCode).toBe(400);
    expect(errorOf(styles).code).toBe('VALIDATION');
  });

  it("answers 404 to another team's member and 401 without a token", async () => {
    const stranger = await signUp(t.current.app, 'Stranger');
    await createTeam(t.current.app, stranger, 'Other Team');
    const payload = { value: 'Start free trial', count: 3 };
    expect((await generate(payload)).statusCode).toBe(200);
    const foreign = await generate(payload, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual({ code: 'NOT_FOUND', message: 'Team not found' });
    const anonymous = await t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/generate-text`,
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describeEachDatabase('POST /campaign/generate-text with AI_PROVIDER=openai', (kind) => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(() => fake.close());
  const t = useTestApp(kind, () => ({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: fake.baseUrl,
    AI_API_KEY: 'sk-route',
    AI_MAX_ATTEMPTS: 1,
  }));
  let owner: Account;
  let slug: string;
  const generate = (payload: object) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/generate-text`,
      headers: bearer(owner),
      payload,
    });

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Model Team');
  });

  it('answers the model’s rewrites, cleaned up like any provider’s', async () => {
    const response = await generate({
      value: 'Start free trial',
      count: 3,
      type: 'advanced',
      instructions: 'Keep it short',
    });
    expect(response.statusCode).toBe(200);
    const { variants } = response.json<{ variants: string[] }>();
    expect(variants).toHaveLength(3);
    const user = (fake.requests.at(-1)?.body as { messages: { content: string }[] }).messages[1];
    expect(user?.content).toContain('HTML: keep its tags');
    expect(user?.content).toContain('Extra instructions: Keep it short');
  });

  it('answers 502 with the reason when the model fails or answers nonsense', async () => {
    fake.script('500');
    const failed = await generate({ value: 'Start free trial', count: 3 });
    expect(failed.statusCode).toBe(502);
    expect(errorOf(failed)).toEqual({ code: 'BAD_GATEWAY', message: M.failed(500) });
    fake.script('malformed');
    const malformed = await generate({ value: 'Start free trial', count: 3 });
    expect(errorOf(malformed)).toEqual({ code: 'BAD_GATEWAY', message: M.malformed });
  });
});
