import multipart from '@fastify/multipart';
import {
  MAX_DRAFT_VARIANTS,
  MAX_IMAGE_BYTES,
  MAX_URL_LENGTH,
  UPLOAD_MESSAGES,
} from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validationError } from '../../errors';
import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { checkImageUrl, INVALID_IMAGE_URL } from './check-image-url';
import { NO_FILE_MESSAGE, uploadImages } from './upload-images';

const tags = ['campaigns'];
const security = [{ bearer: [] }];
export const FILE_FIELD = 'file';
export const WRONG_FIELD_MESSAGE = `Send the images in the form field "${FILE_FIELD}".`;

const isImageQuery = z.object({
  url: z.string().trim().min(1, INVALID_IMAGE_URL).max(MAX_URL_LENGTH, INVALID_IMAGE_URL),
});

/** Documents the form for OpenAPI only: the parts are streamed and checked in the handler. */
const uploadForm = z
  .object({
    [FILE_FIELD]: z
      .array(z.string().meta({ format: 'binary' }))
      .max(MAX_DRAFT_VARIANTS)
      .meta({ description: 'One to five JPG, PNG or GIF files of at most 4 MB each' }),
  })
  .nullish();

const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: UPLOAD_MESSAGES.tooLarge,
  FST_FILES_LIMIT: UPLOAD_MESSAGES.tooMany,
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FIELDS_LIMIT: 'The form has too many parts.',
};

/**
 * Reads every file of the form into memory (at most 5 x 4 MB) before anything is checked or
 * stored. Busboy cuts a file at 4 MB and flags it, so a 4 MB + 1 byte file is caught without
 * reading the rest; a seventh file ends the form.
 */
async function readImageParts(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw validationError(NO_FILE_MESSAGE);
  const files: Buffer[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== FILE_FIELD) throw validationError(WRONG_FIELD_MESSAGE);
      files.push(await part.toBuffer());
    }
  } catch (error) {
    const message = LIMIT_MESSAGES[(error as { code?: string }).code ?? ''];
    throw message ? validationError(message) : error;
  }
  return files;
}

export function campaignImageRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/campaign/is-image',
    {
      // A GET that fetches an address for the editor: an editing tool, not for guests.
      config: { access: 'write' },
      schema: {
        tags,
        security,
        summary: 'Whether the address serves a JPG, PNG, GIF or WebP image (false on any failure)',
        params: teamParams,
        querystring: isImageQuery,
      },
    },
    (request) => {
      requireTeam(request);
      return checkImageUrl(services, { url: request.query.url });
    },
  );

  // The multipart parser exists only in this scope: no other route accepts form uploads.
  void scope.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        // One past the limit, so a sixth file reaches the domain's rule (upload-images.ts) and a
        // seventh ends the form.
        files: MAX_DRAFT_VARIANTS + 1,
        fields: 10,
        parts: MAX_DRAFT_VARIANTS + 11,
        fieldSize: 1024,
      },
    });
    uploads.post(
      '/campaign/upload-images',
      {
        // Up to five images of 4 MB each, plus the form's own bytes.
        bodyLimit: MAX_DRAFT_VARIANTS * MAX_IMAGE_BYTES + 1024 * 1024,
        schema: {
          tags,
          security,
          summary: 'Stores 1-5 images; answers {files, thumbs} (public paths)',
          consumes: ['multipart/form-data'],
          params: teamParams,
          body: uploadForm,
        },
      },
      async (request) => {
        requireTeam(request);
        return uploadImages(services, { files: await readImageParts(request) });
      },
    );
  });
}
