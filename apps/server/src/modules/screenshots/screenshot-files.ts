import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ThumbnailSize = 'small' | 'large';

const EXTENSION: Record<ThumbnailSize, 'png' | 'webp'> = { small: 'png', large: 'webp' };
export const CONTENT_TYPES = { png: 'image/png', webp: 'image/webp' } as const;

/** `{job uuid}-{size}.{ext}`: the only names the file route serves, so no path can escape. */
const FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(?:small\.png|large\.webp)$/;

export const FILES_PREFIX = '/api/files/screenshots';

export const screenshotDir = (dataDir: string) => path.resolve(dataDir, 'screenshots');

export const thumbnailName = (jobId: string, size: ThumbnailSize) =>
  `${jobId}-${size}.${EXTENSION[size]}`;

export function thumbnailUrls(jobId: string) {
  return {
    thumbnailSmall: `${FILES_PREFIX}/${thumbnailName(jobId, 'small')}`,
    thumbnailLarge: `${FILES_PREFIX}/${thumbnailName(jobId, 'large')}`,
  };
}

/** Written under a temporary name and renamed, so a reader never sees half an image. */
export async function writeThumbnail(dataDir: string, name: string, data: Buffer): Promise<void> {
  const dir = screenshotDir(dataDir);
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${name}.${randomUUID()}.tmp`);
  try {
    await writeFile(temporary, data);
    await rename(temporary, path.join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The image and its type, or null when the name is not ours or the file is not written yet. */
export async function readThumbnail(
  dataDir: string,
  name: string,
): Promise<{ data: Buffer; contentType: string } | null> {
  if (!FILE_NAME.test(name)) return null;
  try {
    const data = await readFile(path.join(screenshotDir(dataDir), name));
    const contentType = name.endsWith('.png') ? CONTENT_TYPES.png : CONTENT_TYPES.webp;
    return { data, contentType };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
