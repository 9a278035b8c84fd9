import type { z } from 'zod';
import type { Prompt } from '../prompts';
import { AI_PROVIDER_MESSAGES as M, AiProviderError } from './ai-provider-error';
import type { OpenAiHttp } from './openai-http';

const FENCE = /^```(?:json)?\s*([\s\S]*?)\s*```$/;

/** The JSON object in a chat answer; some local models wrap it in a Markdown fence. */
function parseContent(content: string): unknown {
  const trimmed = content.trim();
  const inner = FENCE.exec(trimmed)?.[1] ?? trimmed;
  try {
    return JSON.parse(inner);
  } catch {
    throw new AiProviderError(M.malformed);
  }
}

function messageContent(answer: unknown): string {
  const choices = (answer as { choices?: { message?: { content?: unknown } }[] } | null)?.choices;
  const content = Array.isArray(choices) ? choices[0]?.message?.content : undefined;
  if (typeof content !== 'string') throw new AiProviderError(M.malformed);
  return content;
}

/**
 * One chat completion in JSON mode (`response_format: json_object`, which OpenAI, Ollama, vLLM
 * and llama.cpp's server all accept), its content checked against `schema`.
 */
export async function chatJson<T>(
  http: OpenAiHttp,
  options: { model: string; prompt: Prompt; schema: z.ZodType<T>; temperature?: number },
): Promise<T> {
  const answer = await http.post('/chat/completions', {
    model: options.model,
    messages: [
      { role: 'system', content: options.prompt.system },
      { role: 'user', content: options.prompt.user },
    ],
    response_format: { type: 'json_object' },
    temperature: options.temperature ?? 0.8,
  });
  const parsed = options.schema.safeParse(parseContent(messageContent(answer)));
  if (!parsed.success) throw new AiProviderError(M.malformed);
  return parsed.data;
}
