import {
  imageGenerationRequestSchema,
  pageUrlSchema,
  textTypeSchema,
  updateElementMetaSchema,
  variantStyleSchema,
} from '@kindling/domain';
import { z } from 'zod';
import { teamParams, requireTeam } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import type { JobWorker } from '../jobs/job-worker';
import type { AiProviders } from './create-ai-providers';
import { updateElementMeta } from './describe/update-element-meta';
import { requestImageGeneration } from './images/request-image-generation';
import { getUrlContext } from '../url-context/get-url-context';
import { requestTextGeneration } from './request-text-generation';

export const GENERATE_TEXT_LIMITS = {
  value: 2000,
  count: 10,
  currentVariants: 50,
  /** Generous: these only give the provider context. */
  context: 10_000,
  tone: 50,
  styles: 20,
  instructions: 500,
} as const;

export const GENERATE_TEXT_MESSAGES = {
  valueMissing: 'Enter the text to rewrite.',
  valueTooLong: `The text to rewrite can be up to ${GENERATE_TEXT_LIMITS.value} characters long.`,
  count: `Ask for between 1 and ${GENERATE_TEXT_LIMITS.count} variants.`,
  tooManyCurrent: `Send up to ${GENERATE_TEXT_LIMITS.currentVariants} current variants.`,
  contextTooLong: `Keep this under ${GENERATE_TEXT_LIMITS.context} characters.`,
  toneTooLong: `The tone can be up to ${GENERATE_TEXT_LIMITS.tone} characters long.`,
  instructionsTooLong: `Keep the instructions under ${GENERATE_TEXT_LIMITS.instructions} characters.`,
} as const;

const M = GENERATE_TEXT_MESSAGES;
const context = z.string().max(GENERATE_TEXT_LIMITS.context, M.contextTooLong);

/** The text generation request of spec section 3. */
const generateTextBody = z.object({
  type: textTypeSchema.optional(),
  meta: context.nullish(),
  value: z
    .string({ error: M.valueMissing })
    .max(GENERATE_TEXT_LIMITS.value, M.valueTooLong)
    .refine((value) => value.trim() !== '', M.valueMissing),
  count: z
    .number({ error: M.count })
    .int(M.count)
    .min(1, M.count)
    .max(GENERATE_TEXT_LIMITS.count, M.count),
  additional: context.optional(),
  tone: z.string().max(GENERATE_TEXT_LIMITS.tone, M.toneTooLong).optional(),
  currentVariants: z
    .array(context)
    .max(GENERATE_TEXT_LIMITS.currentVariants, M.tooManyCurrent)
    .optional(),
  /** Styles of the variant pool's options; text providers do not change styles. */
  styles: z.array(variantStyleSchema).max(GENERATE_TEXT_LIMITS.styles).optional(),
  debug: z.boolean().optional(),
  /** Beyond the spec: the element editor's free-text wishes for the AI. */
  instructions: z.string().max(GENERATE_TEXT_LIMITS.instructions, M.instructionsTooLong).optional(),
  /** Beyond the spec: the page the text is on; its saved context (url-context) joins the prompt. */
  url: pageUrlSchema.optional(),
});

const generateTextReply = z.object({ variants: z.array(z.string()), offline: z.boolean() });

export function aiRoutes(
  scope: AppInstance,
  deps: { services: AppServices; providers: AiProviders; worker: Pick<JobWorker, 'wake'> },
): void {
  const { services, providers, worker } = deps;
  scope.post(
    '/campaign/generate-text',
    {
      schema: {
        tags: ['ai'],
        security: [{ bearer: [] }],
        summary: 'Suggests rewrites of a text (may return fewer than count)',
        params: teamParams,
        body: generateTextBody,
        response: { 200: generateTextReply },
      },
    },
    async (request) => {
      const team = requireTeam(request);
      const { value, count, tone, additional, meta, debug, type, instructions, url } = request.body;
      const pageContext = url ? (await getUrlContext(services, { team, url })).context : null;
      const result = await requestTextGeneration(
        { ...services, provider: providers.text },
        {
          teamId: team.id,
          nowMs: Date.now(),
          request: {
            value,
            count,
            currentVariants: request.body.currentVariants ?? [],
            ...(tone === undefined ? {} : { tone }),
            ...(additional === undefined ? {} : { additional }),
            ...(meta == null ? {} : { meta }),
            ...(type === undefined ? {} : { textType: type }),
            ...(instructions === undefined ? {} : { instructions }),
            ...(pageContext ? { pageContext } : {}),
          },
        },
      );
      if (debug) {
        request.log.info(
          { team: team.slug, asked: count, produced: result.variants.length },
          'text generation (debug)',
        );
      }
      return result;
    },
  );

  scope.post(
    '/campaign/generate-image',
    {
      schema: {
        tags: ['ai'],
        security: [{ bearer: [] }],
        summary: 'Queues image generation; follow job-{jobId} for progress and the images',
        params: teamParams,
        body: imageGenerationRequestSchema,
        response: { 202: z.object({ jobId: z.string(), offline: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const queued = await requestImageGeneration(services, {
        teamId: requireTeam(request).id,
        request: request.body,
        nowMs: Date.now(),
      });
      worker.wake();
      return reply.status(202).send({ ...queued, offline: providers.image.offline });
    },
  );

  scope.post(
    '/campaign/update-element-meta',
    {
      schema: {
        tags: ['ai'],
        security: [{ bearer: [] }],
        summary: "Describes a picked element for the AI (the element's meta), cached by cacheKey",
        params: teamParams,
        body: updateElementMetaSchema,
        response: { 200: z.object({ id: z.number(), meta: z.string(), cached: z.boolean() }) },
      },
    },
    async (request) =>
      updateElementMeta(
        { db: services.db, describer: providers.describer },
        { teamId: requireTeam(request).id, request: request.body },
      ),
  );
}
