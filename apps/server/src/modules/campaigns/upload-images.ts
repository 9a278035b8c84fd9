import {
  CACHED_IMAGE_VARIANT_SIZE,
  MAX_IMAGE_BYTES,
  sniffImageType,
  UPLOAD_MESSAGES,
  type AcceptedImageType,
} from '@kindling/domain';
import sharp from 'sharp';
import type { Config } from '../../config';
import { validationError } from '../../errors';
import { assertNewVariantsFit } from './check-element-variants';
import { uploadNames, uploadStore, uploadUrl } from './uploaded-files';

export const NO_FILE_MESSAGE = 'Please choose at least one image to upload.';

/**
 * A 4 MB file can still declare a huge canvas (a decompression bomb); 64 megapixels covers
 * any photo a phone takes and keeps a decode within a few hundred MB.
 */
const MAX_INPUT_PIXELS = 64_000_000;

const SHARP_FORMAT: Record<AcceptedImageType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
};

export interface UploadedImages {
  /** Public paths of the originals, in upload order. */
  files: string[];
  /** Public paths of the 600x336 WebP copies, same order. */
  thumbs: string[];
}

/**
 * The type comes from the bytes, never from the name or the declared type, and the image must
 * really decode: a valid magic number in front of garbage or a cut-off file is refused.
 */
async function prepareImage(data: Buffer): Promise<{ type: AcceptedImageType; thumb: Buffer }> {
  if (data.length > MAX_IMAGE_BYTES) throw validationError(UPLOAD_MESSAGES.tooLarge);
  const type = sniffImageType(data);
  if (!type) throw validationError(UPLOAD_MESSAGES.unsupportedType);
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format !== SHARP_FORMAT[type]) throw new Error(`decoded as ${format}`);
    const { width, height } = CACHED_IMAGE_VARIANT_SIZE;
    const thumb = await image.rotate().resize(width, height, { fit: 'cover' }).webp().toBuffer();
    return { type, thumb };
  } catch {
    throw validationError(UPLOAD_MESSAGES.unsupportedType);
  }
}

/**
 * Spec section 5, "Image upload": at most 5 files of at most 4 MB, JPG, PNG or GIF. Every file
 * is checked before any is stored, so a batch is stored whole or not at all. The original is
 * kept byte for byte; the cached variant (spec 9: 600x336) is a WebP cropped to cover.
 */
export async function uploadImages(
  { config }: { config: Pick<Config, 'DATA_DIR'> },
  { files }: { files: readonly Buffer[] },
): Promise<UploadedImages> {
  if (files.length === 0) throw validationError(NO_FILE_MESSAGE);
  assertNewVariantsFit([{ field: 'file', count: files.length }], UPLOAD_MESSAGES.tooMany);
  const prepared = [];
  for (const data of files) {
    const { type, thumb } = await prepareImage(data);
    prepared.push({ names: uploadNames(type), data, thumb });
  }
  await uploadStore(config.DATA_DIR).write(
    prepared.flatMap(({ names, data, thumb }) => [
      { name: names.original, data },
      { name: names.thumb, data: thumb },
    ]),
  );
  return {
    files: prepared.map(({ names }) => uploadUrl(names.original)),
    thumbs: prepared.map(({ names }) => uploadUrl(names.thumb)),
  };
}
