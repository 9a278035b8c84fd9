import type { TextType, VariantStyle } from '@kindling/domain';
import { z } from 'zod';
import { api, teamApiPath } from '../../../../lib/api-client';

// AI text generation of spec section 7 (team-scoped, POST /campaign/generate-text).

/** The text generation request of spec section 3. */
export interface GenerateTextBody {
  /** The element's textType. */
  type?: TextType;
  /** The element's AI context description. */
  meta?: string | null;
  /** The text to rewrite (1–2000 characters). */
  value: string;
  /** How many suggestions to ask for (1–10). */
  count: number;
  /** The element's objective. */
  additional?: string;
  tone?: string;
  /** The element's existing texts (at most 50); suggestions differ from all of them. */
  currentVariants?: string[];
  styles?: VariantStyle[];
  debug?: boolean;
}

const generateTextResultSchema = z.object({ variants: z.array(z.string()) });
export type GenerateTextResult = z.infer<typeof generateTextResultSchema>;

/**
 * Suggested rewrites; the answer may hold fewer than `count` (the caller then reports "Could not
 * generate enough variants").
 */
export function generateText(team: string, body: GenerateTextBody): Promise<GenerateTextResult> {
  return api.post(teamApiPath(team, '/campaign/generate-text'), body, {
    schema: generateTextResultSchema,
  });
}
