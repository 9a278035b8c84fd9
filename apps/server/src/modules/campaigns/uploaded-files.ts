import { randomUUID } from 'node:crypto';
import {
  UPLOAD_FILE_NAME,
  UPLOAD_THUMB_SUFFIX,
  UPLOADS_PREFIX,
  type AcceptedImageType,
} from '@kindling/domain';
import { createFileStore } from '../../files/file-store';

/**
 * Uploaded variant images live in `${DATA_DIR}/uploads` and are served to anyone with the
 * address, like screenshots: `<img>` tags send no bearer token, and a page running the variant
 * must load it too. The names are random UUIDs handed only to the uploading team, so an address
 * cannot be guessed; no table records them. Names and prefix are the domain's, which also
 * decides which image addresses a variant may use.
 */
export { UPLOADS_PREFIX };

export const EXTENSIONS: Record<AcceptedImageType, 'jpg' | 'png' | 'gif'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

export const uploadStore = (dataDir: string) =>
  createFileStore({ dataDir, folder: 'uploads', names: UPLOAD_FILE_NAME });

export function uploadNames(type: AcceptedImageType): { original: string; thumb: string } {
  const id = randomUUID();
  return { original: `${id}.${EXTENSIONS[type]}`, thumb: `${id}${UPLOAD_THUMB_SUFFIX}` };
}

export const uploadUrl = (name: string) => `${UPLOADS_PREFIX}/${name}`;
