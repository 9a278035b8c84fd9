import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CampaignsTable, ElementsTable, GoalsTable, VariantsTable } from '../../db/schema';
import type { Tx } from '../../db/transaction';

export type CampaignRow = Selectable<CampaignsTable>;
export type ElementRow = Selectable<ElementsTable>;
export type VariantRow = Selectable<VariantsTable>;
export type GoalRow = Selectable<GoalsTable>;

/**
 * The plan of the statistics and auto-stop: set on create, kept on a save that leaves them out
 * (auto_stopped_at is written by auto-stop, and cleared when the setting changes).
 */
type StatsPlanColumns = 'statsMethod' | 'minimumDetectableEffect' | 'autoStop' | 'autoStoppedAt';

/** Written only by ending, archiving and the rollout's own paths (end-repo.ts), never by a save. */
type EndColumns =
  'endedAt' | 'rollout' | 'rolloutRemovedAt' | 'rolloutRemindedAt' | 'rolloutViews' | 'archivedAt';

/** Written only by the schedule's own paths (modules/schedules), never by a save. */
type ScheduleColumns =
  'startAt' | 'stopAt' | 'scheduleStartedAt' | 'scheduleStoppedAt' | 'scheduleStartRefusal';

export type CampaignColumns = Omit<
  CampaignRow,
  | 'id'
  | 'teamId'
  | 'isDemo'
  | 'createdAt'
  | 'updatedAt'
  | StatsPlanColumns
  | EndColumns
  | ScheduleColumns
  // Written only by the mismatch alert (modules/srm-alerts), never by a save.
  | 'srmAlertedAt'
  // Counted only by collect (add-not-on-page-views.ts).
  | 'notOnPageViews'
> &
  Partial<Pick<CampaignRow, StatsPlanColumns>>;

/** Set only when a campaign is made: whether it is a demo, and (demos) when it "started". */
export interface CampaignOrigin {
  isDemo?: boolean;
  createdAt?: Date;
}

const json = (value: unknown) => JSON.stringify(value ?? null);

function toDbColumns(values: CampaignColumns) {
  return {
    ...values,
    meta: json(values.meta),
    thumbnail: json(values.thumbnail),
    autoGenerationStatus: json(values.autoGenerationStatus),
  };
}

export function listCampaigns(db: Db, teamId: number) {
  return db
    .selectFrom('campaigns')
    .selectAll('campaigns')
    .select((eb) => [
      eb
        .selectFrom('campaignElements')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('campaignElements.campaignId', '=', 'campaigns.id')
        .as('elementCount'),
      eb
        .selectFrom('variants')
        .innerJoin('campaignElements', 'campaignElements.id', 'variants.elementId')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('campaignElements.campaignId', '=', 'campaigns.id')
        .as('variantCount'),
      eb
        .selectFrom('goals')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('goals.campaignId', '=', 'campaigns.id')
        .as('goalCount'),
    ])
    .where('campaigns.teamId', '=', teamId)
    .orderBy('campaigns.createdAt', 'desc')
    .orderBy('campaigns.id', 'desc')
    .execute();
}

export function findCampaigns(db: Db | Tx, teamId: number, ids?: number[]) {
  let query = db.selectFrom('campaigns').selectAll().where('teamId', '=', teamId);
  if (ids) query = query.where('id', 'in', ids.length ? ids : [0]);
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export async function findCampaignParts(db: Db | Tx, teamId: number, campaignIds: number[]) {
  if (campaignIds.length === 0) return { elements: [], variants: [], goals: [] };
  const elements = await db
    .selectFrom('campaignElements')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('campaignId', 'in', campaignIds)
    .orderBy('position')
    .execute();
  const elementIds = elements.map((element) => element.id);
  const variants = elementIds.length
    ? await db
        .selectFrom('variants')
        .selectAll()
        .where('teamId', '=', teamId)
        .where('elementId', 'in', elementIds)
        .orderBy('position')
        .execute()
    : [];
  const goals = await db
    .selectFrom('goals')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('campaignId', 'in', campaignIds)
    .orderBy('position')
    .execute();
  return { elements, variants, goals };
}

export function insertCampaign(
  tx: Tx,
  teamId: number,
  values: CampaignColumns,
  origin: CampaignOrigin = {},
) {
  return tx
    .insertInto('campaigns')
    .values({ teamId, ...toDbColumns(values), ...origin })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateCampaign(tx: Tx, teamId: number, id: number, values: CampaignColumns) {
  const result = await tx
    .updateTable('campaigns')
    .set({ ...toDbColumns(values), updatedAt: new Date() })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    // An ended test is read-only (issue 35): a save racing the end writes nothing.
    .where('endedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Campaigns switched on, demos left out (they are never served). */
export async function countRunningCampaigns(db: Db | Tx, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('campaigns')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('teamId', '=', teamId)
    .where('isEnabled', '=', true)
    .where('isDemo', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the campaign is on, and a demo; undefined when the team has no such campaign. */
export function findCampaignSwitch(db: Db | Tx, teamId: number, id: number) {
  return db
    .selectFrom('campaigns')
    .select(['isEnabled', 'isDemo', 'statsMethod', 'autoStop', 'endedAt', 'archivedAt'])
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether any visitor was counted for the campaign (its test method is then settled). */
export async function campaignHasVisitors(db: Db | Tx, teamId: number, id: number) {
  const row = await db
    .selectFrom('rollupsHourly')
    .innerJoin('campaigns', 'campaigns.id', 'rollupsHourly.campaignId')
    .select('rollupsHourly.campaignId')
    .where('campaigns.teamId', '=', teamId)
    .where('rollupsHourly.campaignId', '=', id)
    .where('rollupsHourly.visitors', '>', '0')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setCampaignEnabled(
  db: Db | Tx,
  teamId: number,
  id: number,
  isEnabled: boolean,
) {
  const result = await db
    .updateTable('campaigns')
    .set({ isEnabled, updatedAt: new Date() })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteCampaign(db: Db, teamId: number, id: number) {
  const result = await db
    .deleteFrom('campaigns')
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The element, locked until the transaction ends, when it belongs to this team and campaign.
 * The lock serialises concurrent add-variants on one element (positions, duplicate check).
 */
export function lockCampaignElement(
  tx: Tx,
  teamId: number,
  { campaignId, elementId }: { campaignId: number; elementId: number },
) {
  return tx
    .selectFrom('campaignElements')
    .select(['id', 'type', 'data', 'selector'])
    .where('teamId', '=', teamId)
    .where('campaignId', '=', campaignId)
    .where('id', '=', elementId)
    .forUpdate()
    .executeTakeFirst();
}

export function findElementVariants(db: Db | Tx, teamId: number, elementId: number) {
  return db
    .selectFrom('variants')
    .selectAll()
    .where('teamId', '=', teamId)
    .where('elementId', '=', elementId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** A variant's switch, key and campaign, for telling the team's webhooks it was paused. */
export function findVariantFacts(db: Db | Tx, teamId: number, id: number) {
  return db
    .selectFrom('variants')
    .innerJoin('campaignElements', 'campaignElements.id', 'variants.elementId')
    .select(['variants.isEnabled', 'variants.key', 'campaignElements.campaignId'])
    .where('variants.teamId', '=', teamId)
    .where('variants.id', '=', id)
    .executeTakeFirst();
}

export async function setVariantEnabled(db: Db, teamId: number, id: number, isEnabled: boolean) {
  const result = await db
    .updateTable('variants')
    .set({ isEnabled })
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteVariantById(db: Db, teamId: number, id: number) {
  const result = await db
    .deleteFrom('variants')
    .where('teamId', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Adds "not on this page" views (collect): one statement per campaign of a batch. */
export async function addNotOnPageViews(db: Db, counts: ReadonlyMap<number, number>) {
  for (const [id, views] of counts) {
    await db
      .updateTable('campaigns')
      .set({ notOnPageViews: sql<number>`not_on_page_views + ${views}` })
      .where('id', '=', id)
      .execute();
  }
}
