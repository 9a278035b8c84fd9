import {
  DEFAULT_IMAGE_TYPE,
  GENERATE_IMAGE_IDS,
  type ImageElement,
  type ImageService,
  type ImageType,
} from '@kindling/domain';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../../lib/error-message';
import { useCurrentTeam } from '../../../../lib/current-team';
import { generateImages } from '../api/generate-api';
import { useElementsStore } from './use-elements-store';

/** Used when the current image cannot be measured (e.g. it failed to load). */
const FALLBACK_SIZE = { width: 1200, height: 630 };

/** The current image's natural size: what generated images are cropped to. */
function naturalSize(src: string): Promise<{ width: number; height: number }> {
  if (!src) return Promise.resolve(FALLBACK_SIZE);
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () =>
      resolve(
        image.naturalWidth > 0
          ? { width: image.naturalWidth, height: image.naturalHeight }
          : FALLBACK_SIZE,
      );
    image.onerror = () => resolve(FALLBACK_SIZE);
    image.src = src;
  });
}

export interface AiImageRequest {
  service: ImageService;
  prompt?: string;
  imageType?: ImageType;
}

/**
 * AI images for one image element (spec section 4): four suggested placeholders appear at
 * once, follow the job's phases on the real-time channel, and become images or go away on
 * error. A request made while one runs is ignored.
 */
export function useAiImages(element: ImageElement) {
  const { slug: team } = useCurrentTeam();
  const { dispatch, latest } = useElementsStore();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [offline, setOffline] = useState<boolean>();

  async function run(request: AiImageRequest): Promise<void> {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(undefined);
    const base = latest.current.lastTemporaryId;
    const variantIds = GENERATE_IMAGE_IDS.map((_, i) => base - 1 - i);
    const elementId = element.id;
    try {
      const src = element.control.info.src;
      dispatch({ type: 'imageJobStarted', elementId, variantIds });
      const result = await generateImages(
        team,
        {
          ...(request.service === 'image-edit' ? { url: src } : {}),
          ...(request.prompt?.trim() ? { prompt: request.prompt.trim() } : {}),
          dimensions: await naturalSize(src),
          ids: [...GENERATE_IMAGE_IDS],
          service: request.service,
          imageType: request.imageType ?? DEFAULT_IMAGE_TYPE,
        },
        ({ id, status }) => {
          const targets = id === undefined ? variantIds : [variantIds[id]!];
          dispatch({ type: 'imageJobProgress', elementId, variantIds: targets, status });
        },
      );
      setOffline(result.offline);
      dispatch({
        type: 'imageJobDone',
        elementId,
        variantIds,
        images: result.images.map((image) => ({
          variantId: variantIds[image.id]!,
          src: image.src,
          thumb: image.thumb,
        })),
      });
    } catch (reason) {
      dispatch({ type: 'imageJobDone', elementId, variantIds, images: [] });
      setError(errorMessage(reason));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return { run, busy, error, offline };
}

export type AiImages = ReturnType<typeof useAiImages>;
