import { randomUUID } from 'node:crypto';
import { CACHED_IMAGE_VARIANT_SIZE, type AcceptedImageType } from '@kindling/domain';
import { createFileStore } from '../../files/file-store';

/**
 * Uploaded variant images live in `${DATA_DIR}/uploads` and are served to anyone with the
 * address, like screenshots: `<img>` tags send no bearer token, and a page running the variant
 * must load it too. The names are random UUIDs handed only to the uploading team, so an address
 * cannot be guessed; no table records them.
 */
export const UPLOADS_PREFIX = '/api/files/uploads';

export const EXTENSIONS: Record<AcceptedImageType, 'jpg' | 'png' | 'gif'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

const { width, height } = CACHED_IMAGE_VARIANT_SIZE;
const THUMB_SUFFIX = `-${width}x${height}.webp`;

/** `{uuid}.{jpg|png|gif}` or `{uuid}-600x336.webp`: the only names the file route serves. */
const FILE_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\\.(?:jpg|png|gif)|${THUMB_SUFFIX.replaceAll('.', '\\.')})$`,
);

export const uploadStore = (dataDir: string) =>
  createFileStore({ dataDir, folder: 'uploads', names: FILE_NAME });

export function uploadNames(type: AcceptedImageType): { original: string; thumb: string } {
  const id = randomUUID();
  return { original: `${id}.${EXTENSIONS[type]}`, thumb: `${id}${THUMB_SUFFIX}` };
}

export const uploadUrl = (name: string) => `${UPLOADS_PREFIX}/${name}`;
