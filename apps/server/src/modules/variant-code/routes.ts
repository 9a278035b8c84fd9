import { idQuery } from '../../http/row-id';
import { codeChangesAnswerSchema, variantCodeAccessSchema } from '@kindling/domain';
import { requireTeam, teamParams } from '../../http/team-scope';
import type { AppInstance, AppServices } from '../../http/types';
import { codeEditorOf } from './code-editor';
import { getCodeChanges } from './get-code-changes';

const tags = ['variant code'];
const security = [{ bearer: [] }];

/** CSS and code per variant (issue 32; docs/api.md "CSS and code per variant"). */
export function variantCodeRoutes(scope: AppInstance, services: AppServices): void {
  scope.get(
    '/variant-code',
    {
      schema: {
        tags,
        security,
        summary:
          'Whether this instance allows CSS and code per variant (ALLOW_VARIANT_CODE), and whether the caller may write them (a signed-in owner)',
        params: teamParams,
        response: { 200: variantCodeAccessSchema },
      },
    },
    (request) => {
      const editor = codeEditorOf(request, services.config.ALLOW_VARIANT_CODE);
      return {
        allowed: editor.allowed,
        mayEdit: editor.allowed && editor.owner && editor.userId !== null,
      };
    },
  );

  scope.get(
    '/campaign/code-changes',
    {
      schema: {
        tags,
        security,
        summary:
          "Every change of the campaign's variant CSS and code: which variant, before and after, who and when; newest first",
        params: teamParams,
        querystring: idQuery,
        response: { 200: codeChangesAnswerSchema },
      },
    },
    (request) =>
      getCodeChanges(services, { teamId: requireTeam(request).id, campaignId: request.query.id }),
  );
}
