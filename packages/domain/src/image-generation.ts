import { z } from 'zod';
import { DEFAULT_IMAGE_TYPE } from './constants';
import { ERROR_MESSAGES } from './messages';

// Spec sections 3 and 4, "Image generation": one request makes an image per id; the job
// reports phases analyze, generate and save on the real-time channel, then a result or an error.

/**
 * The two services of spec section 3: `text-to-image` draws from a prompt (the generate-image
 * panel's default), `image-edit` reworks the current image (the modify-image panel's default,
 * and what image suggestions use).
 */
export const IMAGE_SERVICES = ['text-to-image', 'image-edit'] as const;
export type ImageService = (typeof IMAGE_SERVICES)[number];
export const GENERATE_PANEL_SERVICE: ImageService = 'text-to-image';
export const MODIFY_PANEL_SERVICE: ImageService = 'image-edit';

export const IMAGE_TYPES = ['photo', 'illustration', '3d render', 'flat graphic'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_GENERATION_LIMITS = {
  prompt: 1000,
  url: 2000,
  /** Per side, in pixels; images are made at the element's size within this. */
  side: 4096,
  /** Images per request (the panel asks for 4). */
  ids: 8,
} as const;

export const IMAGE_GENERATION_MESSAGES = {
  promptMissing: 'Describe the image you want.',
  promptTooLong: `Keep the description under ${IMAGE_GENERATION_LIMITS.prompt} characters.`,
  urlUndefined: ERROR_MESSAGES.urlUndefined,
  dimensions: `Width and height are whole numbers of pixels from 1 to ${IMAGE_GENERATION_LIMITS.side}.`,
  ids: `Ask for 1 to ${IMAGE_GENERATION_LIMITS.ids} images with distinct ids.`,
} as const;

const M = IMAGE_GENERATION_MESSAGES;
const side = z
  .number({ error: M.dimensions })
  .int(M.dimensions)
  .min(1, M.dimensions)
  .max(IMAGE_GENERATION_LIMITS.side, M.dimensions);

export const imageGenerationRequestSchema = z
  .object({
    prompt: z.string().max(IMAGE_GENERATION_LIMITS.prompt, M.promptTooLong).optional(),
    url: z.string().max(IMAGE_GENERATION_LIMITS.url, M.urlUndefined).optional(),
    dimensions: z.object({ width: side, height: side }, { error: M.dimensions }),
    ids: z
      .array(z.number().int().min(0).max(999), { error: M.ids })
      .min(1, M.ids)
      .max(IMAGE_GENERATION_LIMITS.ids, M.ids)
      .refine((ids) => new Set(ids).size === ids.length, M.ids),
    service: z.enum(IMAGE_SERVICES).optional(),
    imageType: z.enum(IMAGE_TYPES).default(DEFAULT_IMAGE_TYPE),
  })
  .superRefine((request, context) => {
    const service = imageServiceOf(request);
    if (service === 'image-edit' && !request.url?.trim()) {
      context.addIssue({ code: 'custom', path: ['url'], message: M.urlUndefined });
    }
    if (service === 'text-to-image' && !request.prompt?.trim()) {
      context.addIssue({ code: 'custom', path: ['prompt'], message: M.promptMissing });
    }
  });
export type ImageGenerationRequest = z.infer<typeof imageGenerationRequestSchema>;

/** The service asked for, or the one the request's shape implies (a source image: edit it). */
export function imageServiceOf(request: { service?: ImageService; url?: string }): ImageService {
  return request.service ?? (request.url?.trim() ? 'image-edit' : 'text-to-image');
}

/** Spec section 3, image variant info status. */
export const IMAGE_PHASES = ['start', 'analyze', 'generate', 'save'] as const;
export type ImagePhase = (typeof IMAGE_PHASES)[number];

/** A progress message on `job-{id}`: the whole request (no id) or one image. */
export const imageProgressSchema = z.object({
  id: z.number().int().optional(),
  status: z.object({
    type: z.enum(IMAGE_PHASES),
    /** Expected duration of the phase, in ms, for progress bars. */
    duration: z.number().nonnegative(),
    dimensions: z.object({ width: z.number(), height: z.number() }).optional(),
  }),
});
export type ImageProgress = z.infer<typeof imageProgressSchema>;

export const generatedImageSchema = z.object({
  id: z.number().int(),
  /** Public path of the stored image, like an upload's. */
  src: z.string(),
  /** Its 600x336 copy. */
  thumb: z.string(),
  dimensions: z.object({ width: z.number(), height: z.number() }),
  /** How long making this image took, in ms. */
  duration: z.number().nonnegative(),
});
export const imageGenerationResultSchema = z.object({ images: z.array(generatedImageSchema) });
export type GeneratedImage = z.infer<typeof generatedImageSchema>;
export type ImageGenerationResult = z.infer<typeof imageGenerationResultSchema>;
