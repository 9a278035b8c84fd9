import { z } from 'zod';

export const ROW_ID_MESSAGE = 'id must be a positive integer';

/** Row ids are PostgreSQL integers: anything else is refused before it reaches a query. */
export const rowId = z
  .number(ROW_ID_MESSAGE)
  .int(ROW_ID_MESSAGE)
  .positive(ROW_ID_MESSAGE)
  .max(2_147_483_647, ROW_ID_MESSAGE);

/** `?id=` of a row. */
export const idQuery = z.object({ id: z.coerce.number(ROW_ID_MESSAGE).pipe(rowId) });

/** `?campaignId=` of a campaign's settings (vitals, page rules, audience). */
export const campaignIdQuery = z.object({
  campaignId: z.coerce.number(ROW_ID_MESSAGE).pipe(rowId),
});
