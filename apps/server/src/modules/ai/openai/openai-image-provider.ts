import { z } from 'zod';
import { AppError } from '../../../errors';
import { safeFetch, type EgressSeams } from '../../../egress/safe-fetch';
import { fillPrompt, loadTemplate } from '../prompts';
import type { ImageProvider, ImageSize } from '../images/image-provider';
import { AI_PROVIDER_MESSAGES as M, AiProviderError } from './ai-provider-error';
import type { OpenAiHttp } from './openai-http';

const answerSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().optional(), url: z.string().optional() })).min(1),
});

/** The model's own size closest in shape to the element; the job crops to the exact size. */
export function requestSize(model: string, { width, height }: ImageSize): string {
  const ratio = width / height;
  const shape = ratio > 1.2 ? 'landscape' : ratio < 0.83 ? 'portrait' : 'square';
  if (model.startsWith('dall-e-2') || shape === 'square') return '1024x1024';
  if (model.startsWith('dall-e-3')) return shape === 'landscape' ? '1792x1024' : '1024x1792';
  return shape === 'landscape' ? '1536x1024' : '1024x1536';
}

/** DALL-E answers a link unless asked for base64; newer models always answer base64. */
const answersLinks = (model: string) => model.startsWith('dall-e');

/** A 1792x1024 PNG is a few megabytes; anything far past that is not an answer to keep. */
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

interface ImageFetch extends EgressSeams {
  /** PREVIEW_ALLOW_HOSTS: the same allow-list as every other fetch the app makes for a user. */
  allowHosts: readonly string[];
  timeoutMs: number;
}

/**
 * The answer's image. A link is fetched through the SSRF guard like any address a user names:
 * the provider (or whoever sits at AI_BASE_URL) chooses it, so it may point anywhere.
 */
async function imageBytes(answer: unknown, fetching: ImageFetch): Promise<Buffer> {
  const parsed = answerSchema.safeParse(answer);
  const first = parsed.success ? parsed.data.data[0] : undefined;
  if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
  if (!first?.url) throw new AiProviderError(M.malformed);
  const { allowHosts, timeoutMs, ...seams } = fetching;
  let response;
  try {
    response = await safeFetch(first.url, {
      allowHosts,
      timeoutMs,
      maxBytes: MAX_IMAGE_BYTES,
      ...seams,
    });
  } catch (error) {
    // Refused (or not http): final. Unreachable or too slow: a plain error, so the job retries
    // as it did before the guard.
    if (error instanceof AppError && error.code !== 'RETRYABLE') {
      throw new AiProviderError(M.imageRefused);
    }
    throw new Error('The AI provider’s image could not be downloaded', { cause: error });
  }
  if (response.status < 200 || response.status > 299) {
    throw new AiProviderError(M.failed(response.status));
  }
  return response.body;
}

/** Images from an OpenAI-compatible images API (generations and edits). */
export function createOpenAiImageProvider(
  options: { http: OpenAiHttp; model: string } & ImageFetch,
): ImageProvider {
  const draw = loadTemplate('draw-image');
  const edit = loadTemplate('edit-image');
  const { http, model, ...fetching } = options;
  return {
    offline: false,
    async draw({ prompt, imageType, size }) {
      const answer = await http.post('/images/generations', {
        model,
        prompt: fillPrompt(draw, {
          prompt,
          imageType,
          width: String(size.width),
          height: String(size.height),
        }),
        n: 1,
        size: requestSize(model, size),
        ...(answersLinks(model) ? { response_format: 'b64_json' } : {}),
      });
      return imageBytes(answer, fetching);
    },
    async edit({ source, prompt, imageType, size }) {
      const form = new FormData();
      form.set('model', model);
      form.set('prompt', fillPrompt(edit, { prompt, imageType }));
      form.set('n', '1');
      form.set('size', requestSize(model, size));
      if (answersLinks(model)) form.set('response_format', 'b64_json');
      form.set('image', new Blob([new Uint8Array(source)], { type: 'image/png' }), 'image.png');
      return imageBytes(await http.post('/images/edits', form), fetching);
    },
  };
}
