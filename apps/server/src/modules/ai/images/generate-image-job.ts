import {
  GENERATE_IMAGE_PHASE_MS,
  IMAGE_SUGGESTION_PHASE_MS,
  imageGenerationRequestSchema,
  imageServiceOf,
  type GeneratedImage,
  type ImageProgress,
  type ImageGenerationResult,
} from '@kindling/domain';
import type { Config } from '../../../config';
import { AppError } from '../../../errors';
import { uploadImages } from '../../campaigns/upload-images';
import { PermanentJobError, type JobContext, type JobHandler } from '../../jobs/job-types';
import { fitToSlot, slotSize } from './fit-to-slot';
import type { ImageProvider } from './image-provider';
import { readSourceImage, type SourceImage } from './read-source-image';

export const GENERATE_IMAGE_JOB = 'generate-image';

/** Saving is quick next to generating; bars still need an expectation. */
const SAVE_PHASE_MS = 1_000;
const ANALYZE_PHASE_MS = 2_000;

export interface GenerateImageDeps {
  config: Pick<Config, 'DATA_DIR' | 'PUBLIC_URL' | 'PREVIEW_ALLOW_HOSTS'>;
  provider: ImageProvider;
  now?: () => number;
}

/** Errors a user can act on end the job with their message; another attempt would not help. */
async function userFacing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new PermanentJobError(error.message);
    throw error;
  }
}

/**
 * Spec section 4, "Image generation": phase analyze (the source image of an edit is fetched
 * and decoded), then per image generate and save (stored like an upload, with its 600x336
 * copy), then the result with every image. Progress goes to `job-{id}` as it happens.
 */
export function generateImageJob(deps: GenerateImageDeps): JobHandler {
  const now = deps.now ?? Date.now;
  return async (job: JobContext): Promise<ImageGenerationResult> => {
    const request = imageGenerationRequestSchema.parse(job.payload);
    const service = imageServiceOf(request);
    const phaseMs = service === 'image-edit' ? IMAGE_SUGGESTION_PHASE_MS : GENERATE_IMAGE_PHASE_MS;
    const dimensions = request.dimensions;
    const size = slotSize(dimensions);
    const report = (progress: ImageProgress) => job.progress(progress);

    await report({ status: { type: 'analyze', duration: ANALYZE_PHASE_MS, dimensions } });
    let source: SourceImage | undefined;
    if (service === 'image-edit')
      source = await readSourceImage(deps.config, { url: request.url ?? '' });

    const images: GeneratedImage[] = [];
    for (const [index, id] of request.ids.entries()) {
      const started = now();
      await report({ id, status: { type: 'generate', duration: phaseMs, dimensions } });
      const common = {
        prompt: request.prompt?.trim() ?? '',
        imageType: request.imageType,
        size,
        index,
      };
      const made = await userFacing(() =>
        source ? deps.provider.edit({ ...common, source: source.png }) : deps.provider.draw(common),
      );
      await report({ id, status: { type: 'save', duration: SAVE_PHASE_MS, dimensions } });
      const stored = await userFacing(async () =>
        uploadImages({ config: deps.config }, { files: [await fitToSlot(made, size)] }),
      );
      images.push({
        id,
        src: stored.files[0]!,
        thumb: stored.thumbs[0]!,
        dimensions,
        duration: now() - started,
      });
    }
    return { images };
  };
}
