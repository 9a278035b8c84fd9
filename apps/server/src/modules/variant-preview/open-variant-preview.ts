import { VARIANT_PREVIEW_MESSAGES, variantPreviewLabel } from '@kindling/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import { getVariantPreview, type VariantPreview } from '../campaigns/get-variant-preview';
import { findPublicTeam } from '../teams/find-public-team';
import { teamHasFeatureFlag } from '../teams/team-has-feature-flag';
import type { PreviewLinkTokens } from './preview-link-tokens';

/** What the tracker's preview script shows: one element's arm and the badge's words. */
export type OpenedPreview = Omit<VariantPreview, 'elementName' | 'armName'> & { label: string };

const invalid = () => notFound(VARIANT_PREVIEW_MESSAGES.invalidLink);

/**
 * GET /api/tracker/{team}/variant-preview?token: checks a preview link's token (signature,
 * expiry, this team, the flag still on, the arm still there) and answers what to show. Any
 * failure is the same 404, so a forged token learns nothing; the tracker then runs normally.
 */
export async function openVariantPreview(
  { db, tokens, allowCode }: { db: Db; tokens: PreviewLinkTokens; allowCode: boolean },
  input: { slug: string; token: string; filesOrigin: string; now?: number },
): Promise<OpenedPreview> {
  const target = tokens.verify(input.token, input.now);
  const team = target && (await findPublicTeam({ db }, { slug: input.slug }));
  if (!target || !team || team.id !== target.t) throw invalid();
  if (!(await teamHasFeatureFlag({ db }, { teamId: team.id, flag: 'view_variant' }))) {
    throw invalid();
  }
  try {
    const { elementName, armName, ...preview } = await getVariantPreview(
      { db },
      {
        teamId: team.id,
        campaignId: target.c,
        elementId: target.e,
        arm: target.v,
        filesOrigin: input.filesOrigin,
        allowCode,
      },
    );
    return { ...preview, label: variantPreviewLabel(armName, elementName) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw invalid();
    throw error;
  }
}
