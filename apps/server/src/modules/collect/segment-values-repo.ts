import { segmentValueCap, type OpenSegmentDimension } from '@kindling/domain';
import { sql } from 'kysely';
import type { Statements } from '../../db/statement-transaction';

export interface SegmentValue {
  campaignId: number;
  dimension: OpenSegmentDimension;
  value: string;
}

/** A name as an exposure offers it: only if its visitor is not stored yet, when `visitorId`. */
export type OfferedValue = SegmentValue & { visitorId?: string | undefined };

/** The key `keepSegmentValues` answers a kept name by. */
export const segmentValueKey = ({ campaignId, dimension, value }: SegmentValue) =>
  `${campaignId}|${dimension}|${value}`;

/**
 * One statement: which of these names their campaigns count by name. A name is kept when the
 * campaign already keeps it, or when it still has room in its dimension (`segmentValueCap`,
 * names taken in order of arrival) and the name's visitor, if it names one, is not stored yet (a
 * returning visitor's later landing keeps its first class: it takes no slot); the others count
 * as "(other)", so forged values cannot grow the
 * counts. Two batches racing for the last free slots may each take them, so a campaign can end
 * a few names over; never more than that. Classes in parentheses are never passed here.
 */
export async function keepSegmentValues(
  statements: Statements,
  names: readonly OfferedValue[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const input = names.map((name) => ({ ...name, cap: segmentValueCap(name.dimension) }));
  const rows = await statements.rows<SegmentValue>(sql`
    with sent as (
      select "campaignId" as campaign_id, "visitorId" as visitor_id, dimension, value, cap
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as x("campaignId" integer, "visitorId" text, dimension text, value text, cap integer)
    ),
    input as (select distinct campaign_id, dimension, value, cap from sent),
    offered as (
      select distinct campaign_id, dimension, value, cap from sent
      where visitor_id is null or not exists (
        select 1 from campaign_visitors v
        where v.campaign_id = sent.campaign_id and v.visitor_id = sent.visitor_id
      )
    ),
    caps as (select distinct campaign_id, dimension, cap from offered),
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
        select offered.*, row_number() over (
          partition by offered.campaign_id, offered.dimension order by offered.value) as n
        from offered
        where not exists (
          select 1 from known where known.campaign_id = offered.campaign_id
            and known.dimension = offered.dimension and known.value = offered.value
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
