import { z } from 'zod';

// Spec section 7, update-element-meta: an AI description of a picked element (its "meta"),
// the context every text suggestion for it starts from; cached under a key of page and selector.

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, and the same in the browser and on Node. */
export function selectorHash(selector: string): string {
  let hash = 0x811c9dc5;
  for (const char of selector) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** `describe/element/{url}/{hash of selector}`, non-word characters replaced by "_". */
export const elementMetaCacheKey = (url: string, selector: string): string =>
  `describe/element/${url}/${selectorHash(selector)}`.replace(/\W/g, '_');

export const ELEMENT_META_LIMITS = { context: 10_000, cacheKey: 600 } as const;

export const ELEMENT_META_MESSAGES = {
  contextMissing: 'Send what the element is and what surrounds it.',
  contextTooLong: `Keep the context under ${ELEMENT_META_LIMITS.context} characters.`,
  cacheKey:
    'The cache key is describe/element/{url}/{hash of selector} with "_" for non-word characters.',
} as const;

const M = ELEMENT_META_MESSAGES;

export const updateElementMetaSchema = z.object({
  /** The element's id (a temporary negative one while the campaign is being created). */
  id: z.number().int(),
  context: z
    .string({ error: M.contextMissing })
    .max(ELEMENT_META_LIMITS.context, M.contextTooLong)
    .refine((context) => context.trim() !== '', M.contextMissing),
  cacheKey: z
    .string({ error: M.cacheKey })
    .max(ELEMENT_META_LIMITS.cacheKey, M.cacheKey)
    .regex(/^describe_element_\w+$/, M.cacheKey),
});
export type UpdateElementMetaRequest = z.infer<typeof updateElementMetaSchema>;
