import { z } from 'zod';
import { rowId } from '../row-id';
import type { Audience } from './audience';
import { audienceSchema } from './audience-schema';

// The audience routes (issue 31): GET and PUT /campaign/audience, who sees a campaign.

export const AUDIENCE_API_MESSAGES = {
  campaignNotFound: 'Campaign not found.',
  /**
   * The visitor's country reaches the tracker only from a trusted proxy header the server names
   * (GEO_HEADER); without one a country condition would match nobody, so it is refused.
   */
  noCountrySource:
    'Country conditions are not available: this Kindling server does not know your visitors’ countries. Its administrator can set GEO_HEADER to the header a trusted proxy or CDN puts the country in.',
} as const;

export const campaignAudienceInputSchema = z.object({
  campaignId: rowId,
  /** Null: every visitor. */
  audience: audienceSchema.nullable(),
});
export type CampaignAudienceInput = z.infer<typeof campaignAudienceInputSchema>;

const conditionOutputSchema = z.object({
  attribute: z.string(),
  operator: z.string(),
  name: z.string().optional(),
  value: z.union([z.string(), z.number()]).optional(),
  values: z.array(z.string()).optional(),
});

export const campaignAudienceSchema = z.object({
  campaignId: z.number(),
  /** Whether this server can tell visitors' countries (GEO_HEADER is set): country conditions. */
  countryAvailable: z.boolean(),
  /** Null: every visitor. */
  audience: z
    .object({ match: z.enum(['all', 'any']), conditions: z.array(conditionOutputSchema) })
    .nullable(),
});
/** As stored: the conditions are those `audienceSchema` let through. */
export interface CampaignAudience {
  campaignId: number;
  countryAvailable: boolean;
  audience: Audience | null;
}

/**
 * The visitor's country as the tracker config carries it, from the GEO_HEADER value: two
 * letters, upper case. Anything else is no country: a missing header, a list (the header sent
 * twice), Cloudflare's `T1` (Tor) and `XX` (unknown; ISO's user-assigned code, no country).
 */
export function visitorCountry(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string' || !/^[A-Za-z]{2}$/.test(header)) return undefined;
  const country = header.toUpperCase();
  return country === 'XX' ? undefined : country;
}

/** Whether the audience has a condition on the visitor's country. */
export const usesCountry = (audience: Audience | null): boolean =>
  audience?.conditions.some((condition) => condition.attribute === 'country') ?? false;
