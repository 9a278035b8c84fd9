import { z } from 'zod';
import { notFound } from '../errors';
import type { AppInstance } from '../http/types';
import type { FileStore } from './file-store';

/** Stored files are only ever shown as images: nothing in them may run, load or be sniffed. */
export const FILE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
} as const;

/**
 * GET `{prefix}/:name` for every file of `store`, public to whoever has the address (`<img>`
 * tags send no token; names are unguessable). Names never change content, so they cache forever.
 */
export function serveFiles(
  app: AppInstance,
  { prefix, store }: { prefix: string; store: FileStore },
): void {
  app.get(
    `${prefix}/:name`,
    { schema: { tags: ['files'], params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      const file = await store.read(request.params.name);
      if (!file) throw notFound('File not found');
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .headers(FILE_SECURITY_HEADERS)
        .send(file.data);
    },
  );
}
