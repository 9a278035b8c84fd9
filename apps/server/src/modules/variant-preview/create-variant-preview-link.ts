import {
  VARIANT_PREVIEW_MESSAGES,
  variantPreviewUrl,
  type VariantPreviewLink,
  type VariantPreviewLinkRequest,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { forbidden, validationError } from '../../errors';
import type { TeamAccess } from '../../http/types';
import { getVariantPreview } from '../campaigns/get-variant-preview';
import { teamHasFeatureFlag } from '../teams/team-has-feature-flag';
import type { PreviewLinkTokens } from './preview-link-tokens';

export const NOT_A_PAGE_URL = "The campaign's page address is not a valid URL.";

/**
 * A signed link to the campaign's page that shows one arm of one element there, for an hour,
 * in the browser that opens it only. Refused unless the team turned on "View variant".
 */
export async function createVariantPreviewLink(
  { db, tokens, allowCode }: { db: Db; tokens: PreviewLinkTokens; allowCode: boolean },
  input: { team: TeamAccess; target: VariantPreviewLinkRequest; filesOrigin: string; now?: number },
): Promise<VariantPreviewLink> {
  const { team, target } = input;
  if (!(await teamHasFeatureFlag({ db }, { teamId: team.id, flag: 'view_variant' }))) {
    throw forbidden(VARIANT_PREVIEW_MESSAGES.flagOff);
  }
  const preview = await getVariantPreview(
    { db },
    {
      teamId: team.id,
      campaignId: target.campaignId,
      elementId: target.elementId,
      arm: target.variantId,
      filesOrigin: input.filesOrigin,
      allowCode,
    },
  );
  const { token, expiresAt } = tokens.issue(
    { t: team.id, c: preview.campaignId, e: preview.elementId, v: preview.arm },
    input.now,
  );
  let url: string;
  try {
    url = variantPreviewUrl(preview.url, token);
  } catch {
    throw validationError(NOT_A_PAGE_URL);
  }
  return { url, expiresAt: new Date(expiresAt).toISOString() };
}
