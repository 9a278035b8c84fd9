import { segmentValueCap, type OpenSegmentDimension } from '@kindling/domain';
import { sql } from 'kysely';
import type { Statements } from '../../db/statement-transaction';
import { visitorKey } from './rollup-plan';

export interface SegmentValue {
  campaignId: number;
  dimension: OpenSegmentDimension;
  value: string;
}

/** The key `keepSegmentValues` answers a kept name by. */
export const segmentValueKey = ({ campaignId, dimension, value }: SegmentValue) =>
  `${campaignId}|${dimension}|${value}`;

/**
 * One statement: which of these names their campaigns count by name. A name is kept when the
 * campaign already keeps it or still has room in its dimension (`segmentValueCap`, names taken
 * in order of arrival); the others count as "(other)", so forged values cannot grow the
 * counts. Two batches racing for the last free slots may each take them, so a campaign can end
 * a few names over; never more than that. Classes in parentheses are never passed here.
 */
export async function keepSegmentValues(
  statements: Statements,
  names: readonly SegmentValue[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const input = names.map((name) => ({ ...name, cap: segmentValueCap(name.dimension) }));
  const rows = await statements.rows<SegmentValue>(sql`
    with input as (
      select distinct "campaignId" as campaign_id, dimension, value, cap
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as x("campaignId" integer, dimension text, value text, cap integer)
    ),
    caps as (select distinct campaign_id, dimension, cap from input),
    known as (
      select k.campaign_id, k.dimension, k.value from campaign_segment_values k
      where (k.campaign_id, k.dimension) in (select campaign_id, dimension from input)
    ),
    room as (
      select caps.campaign_id, caps.dimension, caps.cap - count(known.value) as free
      from caps left join known using (campaign_id, dimension)
      group by caps.campaign_id, caps.dimension, caps.cap
    ),
    added as (
      insert into campaign_segment_values (campaign_id, dimension, value)
      select fresh.campaign_id, fresh.dimension, fresh.value from (
        select input.*, row_number() over (
          partition by input.campaign_id, input.dimension order by input.value) as n
        from input
        where not exists (
          select 1 from known where known.campaign_id = input.campaign_id
            and known.dimension = input.dimension and known.value = input.value
        )
      ) fresh
      join room using (campaign_id, dimension)
      where fresh.n <= room.free
      order by fresh.campaign_id, fresh.dimension, fresh.value
      on conflict do nothing
      returning campaign_id, dimension, value
    )
    select campaign_id as "campaignId", dimension, value from known
    where (campaign_id, dimension, value) in (select campaign_id, dimension, value from input)
    union all
    select campaign_id, dimension, value from added
  `);
  return new Set(rows.map(segmentValueKey));
}

/** Which of these visitors are stored already (as visitorKey). */
export async function storedVisitorKeys(
  statements: Statements,
  visitors: readonly { campaignId: number; visitorId: string }[],
): Promise<Set<string>> {
  const keys = new Map(visitors.map((v) => [visitorKey(v), v]));
  if (keys.size === 0) return new Set();
  const rows = await statements.rows<{ campaignId: number; visitorId: string }>(sql`
    select campaign_id as "campaignId", visitor_id as "visitorId" from campaign_visitors
    where (campaign_id, visitor_id) in (${sql.join(
      [...keys.values()].map((v) => sql`(${v.campaignId}, ${v.visitorId})`),
    )})
  `);
  return new Set(rows.map(visitorKey));
}
