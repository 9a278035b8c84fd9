import sharp from 'sharp';
import { AI_PROVIDER_MESSAGES, AiProviderError } from '../openai/ai-provider-error';
import type { ImageSize } from './image-provider';

/** Images are made at twice the element's size for sharp screens, up to this long side. */
const MAX_SIDE = 2048;

/** The stored size for an element slot: 2x, scaled down to MAX_SIDE, same shape. */
export function slotSize({ width, height }: ImageSize): ImageSize {
  const scale = Math.min(2, MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** A provider's image cropped to cover the slot, as a JPEG an upload may be. */
export async function fitToSlot(image: Buffer, size: ImageSize): Promise<Buffer> {
  try {
    return await sharp(image)
      .rotate()
      .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer();
  } catch {
    throw new AiProviderError(AI_PROVIDER_MESSAGES.malformed);
  }
}
