import { z } from 'zod';
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

async function imageBytes(answer: unknown, timeoutMs: number): Promise<Buffer> {
  const parsed = answerSchema.safeParse(answer);
  const first = parsed.success ? parsed.data.data[0] : undefined;
  if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
  if (!first?.url) throw new AiProviderError(M.malformed);
  const response = await fetch(first.url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new AiProviderError(M.failed(response.status));
  return Buffer.from(await response.arrayBuffer());
}

/** Images from an OpenAI-compatible images API (generations and edits). */
export function createOpenAiImageProvider(options: {
  http: OpenAiHttp;
  model: string;
  timeoutMs: number;
}): ImageProvider {
  const draw = loadTemplate('draw-image');
  const edit = loadTemplate('edit-image');
  const { http, model, timeoutMs } = options;
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
      return imageBytes(answer, timeoutMs);
    },
    async edit({ source, prompt, imageType, size }) {
      const form = new FormData();
      form.set('model', model);
      form.set('prompt', fillPrompt(edit, { prompt, imageType }));
      form.set('n', '1');
      form.set('size', requestSize(model, size));
      if (answersLinks(model)) form.set('response_format', 'b64_json');
      form.set('image', new Blob([new Uint8Array(source)], { type: 'image/png' }), 'image.png');
      return imageBytes(await http.post('/images/edits', form), timeoutMs);
    },
  };
}
