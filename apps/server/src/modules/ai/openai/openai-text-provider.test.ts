import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../../test/fake-openai-server';
import { AI_PROVIDER_MESSAGES as M } from './ai-provider-error';
import { createOpenAiHttp } from './openai-http';
import { createOpenAiTextProvider } from './openai-text-provider';

describe('the openai text provider against an OpenAI-compatible server', () => {
  let fake: FakeOpenAiServer;
  const waits: number[] = [];
  const provider = (timeoutMs = 2_000) =>
    createOpenAiTextProvider({
      http: createOpenAiHttp({
        baseUrl: fake.baseUrl,
        apiKey: 'sk-test',
        timeoutMs,
        maxAttempts: 3,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      }),
      model: 'test-model',
    });
  const request = {
    value: 'Start your free trial',
    count: 2,
    tone: 'playful',
    additional: 'sign-ups',
    meta: 'The main call to action in the hero',
    instructions: 'Mention that no card is needed',
    currentVariants: ['Try it free'],
  };

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    waits.length = 0;
  });

  it('sends the prompt in JSON mode with the key and reads the variants', async () => {
    const variants = await provider().generateText(request);
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatch(/^Start your free trial \(take \d+\)$/);
    const [sent] = fake.requests;
    expect(sent?.path).toBe('/chat/completions');
    expect(sent?.authorization).toBe('Bearer sk-test');
    const body = sent?.body as {
      model: string;
      response_format: unknown;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('test-model');
    expect(body.response_format).toEqual({ type: 'json_object' });
    const user = body.messages[1]?.content ?? '';
    for (const part of [
      'Write 2 alternative versions of this text (plain text)',
      'Tone: playful',
      'Objective of the test: sign-ups',
      'The main call to action in the hero',
      'Mention that no card is needed',
      '- Try it free',
    ]) {
      expect(user).toContain(part);
    }
    expect(body.messages[0]?.content).toContain('{"variants"');
  });

  it('retries a 429 after its Retry-After and a 500 with back-off, then answers', async () => {
    fake.script('429', '500');
    const variants = await provider().generateText(request);
    expect(variants).toHaveLength(2);
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('gives up after the last attempt with the reason', async () => {
    fake.script('500', '500', '500');
    await expect(provider().generateText(request)).rejects.toThrow(M.failed(500));
    expect(fake.requests).toHaveLength(3);
    fake.script('429', '429', '429');
    await expect(provider().generateText(request)).rejects.toThrow(M.busy);
  });

  it('does not retry a refused request', async () => {
    fake.script('401');
    await expect(provider().generateText(request)).rejects.toThrow(M.refused(401));
    expect(fake.requests).toHaveLength(1);
  });

  it('reports malformed answers without retrying them', async () => {
    fake.script('malformed');
    await expect(provider().generateText(request)).rejects.toThrow(M.malformed);
    fake.script('wrong-shape');
    await expect(provider().generateText(request)).rejects.toThrow(M.malformed);
    expect(fake.requests).toHaveLength(2);
  });

  it('times out a slow answer and tries again', async () => {
    fake.script('slow', 'slow', 'slow');
    await expect(provider(1_000).generateText(request)).rejects.toThrow(M.timeout);
    expect(fake.requests).toHaveLength(3);
  }, 20_000);

  it('says which address could not be reached', async () => {
    const http = createOpenAiHttp({
      baseUrl: 'http://127.0.0.1:9/v1',
      timeoutMs: 1_000,
      maxAttempts: 1,
    });
    await expect(http.post('/chat/completions', {})).rejects.toThrow(M.unreachable('127.0.0.1:9'));
  });
});
