import { ROW_ID_MESSAGE, rowId } from '@kindling/domain';
import { z } from 'zod';

/** `?id=` of a row. */
export const idQuery = z.object({ id: z.coerce.number(ROW_ID_MESSAGE).pipe(rowId) });

/** `?campaignId=` of a campaign's settings (vitals, page rules, audience). */
export const campaignIdQuery = z.object({
  campaignId: z.coerce.number(ROW_ID_MESSAGE).pipe(rowId),
});
