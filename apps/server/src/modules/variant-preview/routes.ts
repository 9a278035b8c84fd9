import { variantPreviewLinkRequestSchema, variantPreviewLinkSchema } from '@kindling/domain';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { appOrigin } from '../../http/app-origin';
import { openToEveryOrigin } from '../../http/open-to-every-origin';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { createVariantPreviewLink } from './create-variant-preview-link';
import { openVariantPreview } from './open-variant-preview';
import type { PreviewLinkTokens } from './preview-link-tokens';
import { variantPreviewBundle } from './variant-preview-bundle';

const tags = ['variant-preview'];

export interface VariantPreviewDeps {
  tokens: PreviewLinkTokens;
  /** The preview script's text; the built bundle unless a test passes its own. */
  previewScript?: () => Promise<string>;
}

/** POST /api/team/{team}/campaign/variant-preview-link (team scope: members only). */
export function variantPreviewLinkRoutes(
  scope: AppInstance,
  services: AppServices,
  { tokens }: Pick<VariantPreviewDeps, 'tokens'>,
): void {
  scope.post(
    '/campaign/variant-preview-link',
    {
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          'A signed link (1 hour) that shows one variant or the original on the campaign’s page',
        params: teamParams,
        body: variantPreviewLinkRequestSchema,
        response: { 200: variantPreviewLinkSchema },
      },
    },
    (request) =>
      createVariantPreviewLink(
        { db: services.db, tokens, allowCode: services.config.ALLOW_VARIANT_CODE },
        {
          team: requireTeam(request),
          target: request.body,
          filesOrigin: appOrigin(services.config, request),
        },
      ),
  );
}

/**
 * What the tracker loads on a page opened from a preview link, without sign-in and from any
 * origin: GET /api/tracker/{team}/preview.js and GET /api/tracker/{team}/variant-preview?token.
 */
export function variantPreviewPublicRoutes(
  app: AppInstance,
  services: AppServices,
  { tokens, previewScript = variantPreviewBundle }: VariantPreviewDeps,
): void {
  void app.register((scope, _options, registered) => {
    openToEveryOrigin(scope, { 'cross-origin-resource-policy': 'cross-origin' });

    scope.get(
      '/api/tracker/:team/preview.js',
      {
        schema: {
          tags,
          summary: 'The preview script the tracker loads on a page opened from a preview link',
          params: teamParams,
        },
      },
      async (request, reply) => {
        const body = await previewScript();
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
        void reply.header('cache-control', 'public, max-age=60').header('etag', etag);
        if (request.headers['if-none-match']?.includes(etag)) return reply.status(304).send();
        return reply.type('text/javascript; charset=utf-8').send(body);
      },
    );

    scope.get(
      '/api/tracker/:team/variant-preview',
      {
        schema: {
          tags,
          summary:
            'Checks a preview link’s token and answers the variant to show (404 when forged or expired)',
          params: teamParams,
          querystring: z.object({ token: z.string().min(1).max(2_000) }),
        },
      },
      async (request, reply) => {
        const { team } = request.params as { team: string };
        const { token } = request.query as { token: string };
        const preview = await openVariantPreview(
          { db: services.db, tokens, allowCode: services.config.ALLOW_VARIANT_CODE },
          { slug: team, token, filesOrigin: appOrigin(services.config, request) },
        );
        return reply.header('cache-control', 'no-store').send(preview);
      },
    );
    registered();
  });
}
