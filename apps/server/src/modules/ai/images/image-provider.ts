import type { ImageType } from '@kindling/domain';

// The image half of the AI provider interface. Providers answer encoded image bytes of any
// size; the job crops them to the element's dimensions and stores them like uploads.

export interface ImageSize {
  width: number;
  height: number;
}

export interface DrawImageRequest {
  prompt: string;
  imageType: ImageType;
  size: ImageSize;
  /** Position in the request (0-based): each image of one request must differ. */
  index: number;
}

export interface EditImageRequest extends Omit<DrawImageRequest, 'prompt'> {
  /** The current image, decoded and checked. */
  source: Buffer;
  /** What to change; may be empty (image suggestions). */
  prompt: string;
}

export interface ImageProvider {
  /** `offline` providers ignore the prompt's meaning; the UI says so. */
  readonly offline: boolean;
  draw(request: DrawImageRequest): Promise<Buffer>;
  edit(request: EditImageRequest): Promise<Buffer>;
}
