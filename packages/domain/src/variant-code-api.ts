import { z } from 'zod';
import { VARIANT_CODE_KINDS } from './variant-code';

// The API of CSS and code per variant (issue 32); apart from variant-code.ts, which the tracker's
// bundles import without zod.

/** GET /api/team/{team}/variant-code: whether the instance allows it, and the caller may write. */
export const variantCodeAccessSchema = z.object({ allowed: z.boolean(), mayEdit: z.boolean() });
export type VariantCodeAccess = z.infer<typeof variantCodeAccessSchema>;

export const codeChangeSchema = z.object({
  variantId: z.number().nullable(),
  variantKey: z.string(),
  kind: z.enum(VARIANT_CODE_KINDS),
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** The e-mail address of who made it, as it was then. */
  by: z.string().nullable(),
  at: z.string(),
});
export type CodeChange = z.infer<typeof codeChangeSchema>;

/** GET /api/team/{team}/campaign/code-changes?id=: newest first. */
export const codeChangesAnswerSchema = z.object({ changes: z.array(codeChangeSchema) });
