import {
  imageGenerationResultSchema,
  imageProgressSchema,
  type ImageGenerationResult,
  type ImageProgress,
  type ImageService,
  type ImageType,
  type TextType,
  type UpdateElementMetaRequest,
  type VariantStyle,
} from '@kindling/domain';
import { z } from 'zod';
import { api, teamApiPath } from '../../../../lib/api-client';
import { awaitJob } from '../../../../lib/await-job';

// AI text generation of spec section 7 (team-scoped, POST /campaign/generate-text).

/** The text generation request of spec section 3. */
export interface GenerateTextBody {
  /** The element's textType. */
  type?: TextType;
  /** The element's AI context description. */
  meta?: string | null;
  /** The text to rewrite (1–2000 characters). */
  value: string;
  /** How many suggestions to ask for (1–10). */
  count: number;
  /** The element's objective. */
  additional?: string;
  tone?: string;
  /** The element's existing texts (at most 50); suggestions differ from all of them. */
  currentVariants?: string[];
  styles?: VariantStyle[];
  debug?: boolean;
  /** The element editor's free-text wishes. */
  instructions?: string;
  /** The page the text is on: the server adds the page's saved context to the prompt. */
  url?: string;
}

const generateTextResultSchema = z.object({ variants: z.array(z.string()), offline: z.boolean() });
export type GenerateTextResult = z.infer<typeof generateTextResultSchema>;

/**
 * Suggested rewrites; the answer may hold fewer than `count` (the caller then reports "Could not
 * generate enough variants").
 */
export function generateText(team: string, body: GenerateTextBody): Promise<GenerateTextResult> {
  return api.post(teamApiPath(team, '/campaign/generate-text'), body, {
    schema: generateTextResultSchema,
  });
}

const elementMetaSchema = z.object({ id: z.number(), meta: z.string(), cached: z.boolean() });

/** Spec section 7, update-element-meta: the element's AI description (cached by the server). */
export function updateElementMeta(team: string, body: UpdateElementMetaRequest) {
  return api.post(teamApiPath(team, '/campaign/update-element-meta'), body, {
    schema: elementMetaSchema,
  });
}

export interface GenerateImagesBody {
  prompt?: string;
  url?: string;
  dimensions: { width: number; height: number };
  ids: number[];
  service?: ImageService;
  imageType?: ImageType;
}

const queuedSchema = z.object({ jobId: z.string(), offline: z.boolean() });
/** Drawing four images takes seconds locally and up to minutes with a remote model. */
const IMAGE_JOB_TIMEOUT_MS = 5 * 60_000;

/**
 * Spec section 4, "Image generation": queues the request, reports each progress message of
 * job-{jobId} (phases analyze, generate, save) and resolves with the stored images.
 */
export async function generateImages(
  team: string,
  body: GenerateImagesBody,
  onProgress: (progress: ImageProgress) => void,
): Promise<ImageGenerationResult & { offline: boolean }> {
  const { jobId, offline } = await api.post(teamApiPath(team, '/campaign/generate-image'), body, {
    schema: queuedSchema,
  });
  const result = await awaitJob({
    team,
    jobId,
    timeoutMs: IMAGE_JOB_TIMEOUT_MS,
    onProgress: (data) => {
      const progress = imageProgressSchema.safeParse(data);
      if (progress.success) onProgress(progress.data);
    },
  });
  return { ...imageGenerationResultSchema.parse(result), offline };
}
