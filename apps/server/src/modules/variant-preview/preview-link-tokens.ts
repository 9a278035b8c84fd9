import {
  VARIANT_PREVIEW_SECONDS,
  variantPreviewClaimsSchema,
  type VariantPreviewClaims,
} from '@kindling/domain';
import { signedTokens } from '../../security/signed-token';

/** What a link names: the team, campaign, element and arm (variant id or "control"). */
export type PreviewTarget = Omit<VariantPreviewClaims, 'x'>;

/**
 * Signs and checks variant preview link tokens with a key derived from the auth secret
 * (AUTH_SECRET, or the one stored in the database), kept apart from the preview ticket's.
 */
export function createPreviewLinkTokens(authSecret: string) {
  const tokens = signedTokens(authSecret, 'kindling variant preview link v1');
  return {
    /** A token valid for VARIANT_PREVIEW_SECONDS from `now`, and when it expires (ms). */
    issue(target: PreviewTarget, now = Date.now()): { token: string; expiresAt: number } {
      const x = Math.floor(now / 1000) + VARIANT_PREVIEW_SECONDS;
      return { token: tokens.seal({ ...target, x }), expiresAt: x * 1000 };
    },

    /** The target of a genuine, unexpired token; else undefined. */
    verify(token: string, now = Date.now()): PreviewTarget | undefined {
      const claims = variantPreviewClaimsSchema.safeParse(tokens.open(token));
      if (!claims.success || claims.data.x * 1000 <= now) return undefined;
      const { t, c, e, v } = claims.data;
      return { t, c, e, v };
    },
  };
}

export type PreviewLinkTokens = ReturnType<typeof createPreviewLinkTokens>;
