import { z } from 'zod';
import { FINGERPRINT_LIMITS as LIMITS, LANDMARKS, type ElementFingerprint } from './fingerprint';

// The fingerprint as the editor sends it and campaigns store it (optional: elements picked
// before issue 11 have none). Lengths are capped so the tracker config stays small.

export const elementFingerprintSchema = z.object({
  tag: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  text: z.string().max(LIMITS.text).optional(),
  attrs: z
    .record(z.string().max(40), z.string().max(LIMITS.attrValue))
    .refine((attrs) => Object.keys(attrs).length <= LIMITS.attrs, 'Too many attributes')
    .optional(),
  classes: z.array(z.string().max(60)).max(LIMITS.classes).optional(),
  landmark: z.enum(LANDMARKS).optional(),
  path: z.array(z.string().max(40)).max(LIMITS.path).optional(),
  index: z.number().int().nonnegative().max(100_000).optional(),
});

// The schema and the interface the tracker uses must stay one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShape: Same<z.infer<typeof elementFingerprintSchema>, ElementFingerprint> = true;
void sameShape;
