import { rowIdParam } from '@kindling/domain';
import { z } from 'zod';

/** `?id=` of a row. */
export const idQuery = z.object({ id: rowIdParam });

/** `?campaignId=` of a campaign's settings (vitals, page rules, audience). */
export const campaignIdQuery = z.object({
  campaignId: rowIdParam,
});
