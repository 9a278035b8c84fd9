import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Tx } from '../../db/transaction';

// Batched writes of a campaign's elements, variants and goals: one statement per table and
// kind of write, whatever the number of rows (see sync-plan.ts).

type PartTable = 'campaignElements' | 'variants' | 'goals';
type PartRow<T extends PartTable> = Insertable<Database[T]>;

const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * Updates rows by id in one statement (INSERT … ON CONFLICT (id) DO UPDATE). The ids come from
 * the plan, which only keeps ids stored for this team's campaign; the team guard is kept anyway.
 */
async function updateById<T extends PartTable>(
  tx: Tx,
  table: T,
  rows: PartRow<T>[],
  columns: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  const update = Object.fromEntries(
    columns.map((column) => [column, sql.ref(`excluded.${column}`)]),
  );
  // Kysely cannot type a column list over a union of tables; the rows are typed above.
  const builder = tx.insertInto(table as 'goals').values(rows as PartRow<'goals'>[]);
  await builder
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet(update)
        .where(sql.ref(`${table}.teamId`), '=', sql.ref('excluded.teamId')),
    )
    .execute();
}

async function insertReturningPositions<T extends PartTable>(
  tx: Tx,
  table: T,
  rows: PartRow<T>[],
): Promise<{ id: number; position: number }[]> {
  if (rows.length === 0) return [];
  return tx
    .insertInto(table as 'goals')
    .values(rows as PartRow<'goals'>[])
    .returning(['id', 'position'])
    .execute();
}

export interface ElementWrite {
  id?: number;
  teamId: number;
  campaignId: number;
  position: number;
  selector: string;
  type: string;
  key: string;
  data: Record<string, unknown>;
}

const ELEMENT_COLUMNS = ['position', 'selector', 'type', 'key', 'data'] as const;

/** Writes the elements; answers the id of the element at each position. */
export async function writeElements(tx: Tx, rows: ElementWrite[]): Promise<Map<number, number>> {
  const values = rows.map((row) => ({ ...row, data: json(row.data) }));
  const known = values.filter((row) => row.id !== undefined);
  await updateById(tx, 'campaignElements', known, ELEMENT_COLUMNS);
  const inserted = await insertReturningPositions(
    tx,
    'campaignElements',
    values.filter((row) => row.id === undefined),
  );
  return new Map([
    ...known.map((row) => [row.position, row.id!] as const),
    ...inserted.map((row) => [row.position, row.id] as const),
  ]);
}

export interface VariantWrite {
  id?: number;
  teamId: number;
  elementId: number;
  position: number;
  key: string;
  type: string;
  isEnabled: boolean;
  info: Record<string, unknown>;
}

const VARIANT_COLUMNS = ['elementId', 'position', 'key', 'type', 'isEnabled', 'info'] as const;

/** Writes the variants; answers the new rows' ids with their position. */
export async function writeVariants(
  tx: Tx,
  rows: VariantWrite[],
): Promise<{ id: number; position: number }[]> {
  const values = rows.map((row) => ({ ...row, info: json(row.info) }));
  await updateById(
    tx,
    'variants',
    values.filter((row) => row.id !== undefined),
    VARIANT_COLUMNS,
  );
  return insertReturningPositions(
    tx,
    'variants',
    values.filter((row) => row.id === undefined),
  );
}

export interface GoalWrite {
  id?: number;
  teamId: number;
  campaignId: number;
  position: number;
  isConversionGoal: boolean;
  metricRole: 'secondary' | 'guardrail' | null;
  lowerIsBetter: boolean;
  event: Record<string, unknown>;
}

const GOAL_COLUMNS = [
  'position',
  'isConversionGoal',
  'metricRole',
  'lowerIsBetter',
  'event',
] as const;

/** Writes the goals; answers the new rows' ids with their position. */
export async function writeGoals(
  tx: Tx,
  rows: GoalWrite[],
): Promise<{ id: number; position: number }[]> {
  const values = rows.map((row) => ({ ...row, event: json(row.event) }));
  await updateById(
    tx,
    'goals',
    values.filter((row) => row.id !== undefined),
    GOAL_COLUMNS,
  );
  return insertReturningPositions(
    tx,
    'goals',
    values.filter((row) => row.id === undefined),
  );
}

/** Deletes the campaign's rows not kept: variants of any of its elements, elements, goals. */
export async function deletePartsExcept(
  tx: Tx,
  scope: { teamId: number; campaignId: number },
  kept: { elements: number[]; variants: number[]; goals: number[] },
): Promise<void> {
  const notIn = (ids: number[]) => (ids.length ? ids : [0]);
  await tx
    .deleteFrom('variants')
    .where('teamId', '=', scope.teamId)
    .where('elementId', 'in', (eb) =>
      eb
        .selectFrom('campaignElements')
        .select('id')
        .where('teamId', '=', scope.teamId)
        .where('campaignId', '=', scope.campaignId),
    )
    .where('id', 'not in', notIn(kept.variants))
    .execute();
  for (const table of ['campaignElements', 'goals'] as const) {
    await tx
      .deleteFrom(table)
      .where('teamId', '=', scope.teamId)
      .where('campaignId', '=', scope.campaignId)
      .where('id', 'not in', notIn(kept[table === 'goals' ? 'goals' : 'elements']))
      .execute();
  }
}

/** The ids stored for the campaign, which a save may update in place. */
export async function findStoredPartIds(tx: Tx, scope: { teamId: number; campaignId: number }) {
  const ids = (rows: { id: number }[]) => new Set(rows.map((row) => row.id));
  const elements = await tx
    .selectFrom('campaignElements')
    .select('id')
    .where('teamId', '=', scope.teamId)
    .where('campaignId', '=', scope.campaignId)
    .execute();
  const variants = await tx
    .selectFrom('variants')
    .innerJoin('campaignElements', 'campaignElements.id', 'variants.elementId')
    .select('variants.id')
    .where('variants.teamId', '=', scope.teamId)
    .where('campaignElements.campaignId', '=', scope.campaignId)
    .execute();
  const goals = await tx
    .selectFrom('goals')
    .select('id')
    .where('teamId', '=', scope.teamId)
    .where('campaignId', '=', scope.campaignId)
    .execute();
  return { elements: ids(elements), variants: ids(variants), goals: ids(goals) };
}
