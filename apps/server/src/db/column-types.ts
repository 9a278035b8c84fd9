import type { ColumnType, JSONColumnType } from 'kysely';

// Column types shared by the table interfaces of schema.ts and schema-business.ts.

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp the database fills in by default. */
export type DefaultedTimestamp = Timestamp;
export type Json<T extends object | null> = JSONColumnType<T, string, string>;
