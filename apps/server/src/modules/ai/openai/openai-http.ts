import { setTimeout as delay } from 'node:timers/promises';
import { AI_PROVIDER_MESSAGES as M, AiProviderError } from './ai-provider-error';

export interface OpenAiHttpOptions {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey?: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Runs in all, the first included. */
  maxAttempts: number;
  /** Back-off before attempt n+1 is 2^(n-1) of these (a 429's Retry-After wins, up to 10 s). */
  backoffUnitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** JSON body, or multipart form data for image edits. */
export type OpenAiBody = object | FormData;

export interface OpenAiHttp {
  /** POSTs to `{baseUrl}{path}` and resolves with the parsed JSON answer. */
  post(path: string, body: OpenAiBody): Promise<unknown>;
}

const MAX_RETRY_AFTER_MS = 10_000;

/** One attempt's outcome: an answer, or a failure worth another attempt (after `waitMs`). */
type Outcome = { answer: unknown } | { retry: AiProviderError; waitMs?: number };

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
    : undefined;
}

const isTimeout = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

/**
 * The transport of the `openai` provider: timeouts, retries with exponential back-off on 429,
 * 5xx and network errors, and errors a user can read. Other 4xx answers are not retried.
 */
export function createOpenAiHttp(options: OpenAiHttpOptions): OpenAiHttp {
  const fetchFn = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const unit = options.backoffUnitMs ?? 500;
  const base = options.baseUrl.replace(/\/+$/, '');
  const host = new URL(base).host;

  async function attempt(path: string, body: OpenAiBody): Promise<Outcome> {
    const json = !(body instanceof FormData);
    let response: Response;
    try {
      response = await fetchFn(`${base}${path}`, {
        method: 'POST',
        headers: {
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: json ? JSON.stringify(body) : body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (response.ok) return { answer: await response.json() };
    } catch (error) {
      if (error instanceof SyntaxError) throw new AiProviderError(M.malformed);
      return { retry: new AiProviderError(isTimeout(error) ? M.timeout : M.unreachable(host)) };
    }
    await response.body?.cancel();
    const { status } = response;
    if (status === 429)
      return { retry: new AiProviderError(M.busy), waitMs: retryAfterMs(response) };
    if (status >= 500) return { retry: new AiProviderError(M.failed(status)) };
    throw new AiProviderError(M.refused(status));
  }

  return {
    async post(path, body) {
      for (let run = 1; ; run += 1) {
        const outcome = await attempt(path, body);
        if ('answer' in outcome) return outcome.answer;
        if (run >= options.maxAttempts) throw outcome.retry;
        await sleep(outcome.waitMs ?? unit * 2 ** (run - 1));
      }
    },
  };
}
