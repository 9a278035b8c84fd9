import { createFileStore } from '../../files/file-store';

export type ThumbnailSize = 'small' | 'large';

const EXTENSION: Record<ThumbnailSize, 'png' | 'webp'> = { small: 'png', large: 'webp' };

/** `{job uuid}-{size}.{ext}`: the only names the file route serves, so no path can escape. */
const FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-(?:small\.png|large\.webp)$/;

export const FILES_PREFIX = '/api/files/screenshots';

export const thumbnailName = (jobId: string, size: ThumbnailSize) =>
  `${jobId}-${size}.${EXTENSION[size]}`;

export function thumbnailUrls(jobId: string) {
  return {
    thumbnailSmall: `${FILES_PREFIX}/${thumbnailName(jobId, 'small')}`,
    thumbnailLarge: `${FILES_PREFIX}/${thumbnailName(jobId, 'large')}`,
  };
}

export const screenshotStore = (dataDir: string) =>
  createFileStore({ dataDir, folder: 'screenshots', names: FILE_NAME });
