import { z } from 'zod';

/** PostgreSQL's `integer`: the largest row id, revision or counter a column holds. */
export const MAX_ROW_ID = 2_147_483_647;

export const ROW_ID_MESSAGE = 'id must be a positive integer';

/** Row ids are PostgreSQL integers: anything else is refused before it reaches a query. */
export const rowId = z
  .number(ROW_ID_MESSAGE)
  .int(ROW_ID_MESSAGE)
  .positive(ROW_ID_MESSAGE)
  .max(MAX_ROW_ID, ROW_ID_MESSAGE);

/** A row id written in a path or a query string. */
export const rowIdParam = z.coerce.number(ROW_ID_MESSAGE).pipe(rowId);
