import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CACHED_IMAGE_VARIANT_SIZE, type AcceptedImageType } from '@kindling/domain';

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

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

const { width, height } = CACHED_IMAGE_VARIANT_SIZE;
const THUMB_SUFFIX = `-${width}x${height}.webp`;

/** `{uuid}.{jpg|png|gif}` or `{uuid}-600x336.webp`: the only names the file route serves. */
const FILE_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\\.(?:jpg|png|gif)|${THUMB_SUFFIX.replaceAll('.', '\\.')})$`,
);

export const uploadDir = (dataDir: string) => path.resolve(dataDir, 'uploads');

export function uploadNames(type: AcceptedImageType): { original: string; thumb: string } {
  const id = randomUUID();
  return { original: `${id}.${EXTENSIONS[type]}`, thumb: `${id}${THUMB_SUFFIX}` };
}

export const uploadUrl = (name: string) => `${UPLOADS_PREFIX}/${name}`;

/**
 * Writes every file or none: each is written under a temporary name and renamed (a reader
 * never sees half an image), and a failure removes the files already written.
 */
export async function writeUploads(
  dataDir: string,
  files: readonly { name: string; data: Buffer }[],
): Promise<void> {
  const dir = uploadDir(dataDir);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    for (const file of files) {
      const target = path.join(dir, file.name);
      const temporary = path.join(dir, `.${file.name}.${randomUUID()}.tmp`);
      written.push(temporary);
      await writeFile(temporary, file.data, { flag: 'wx' });
      await rename(temporary, target);
      written.push(target);
    }
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}

/** The file and its type, or null when the name is not one of ours or the file is missing. */
export async function readUpload(
  dataDir: string,
  name: string,
): Promise<{ data: Buffer; contentType: string } | null> {
  if (!FILE_NAME.test(name)) return null;
  const contentType = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
  if (!contentType) return null;
  try {
    return { data: await readFile(path.join(uploadDir(dataDir), name)), contentType };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
