import type { StatsSegment } from '@kindling/domain';
import { sql, type RawBuilder } from 'kysely';

// A segment filter in SQL, on the class columns rollups_segments and campaign_visitors share
// (migration 0035). Values come validated (statsSegmentSchema) and travel as parameters.

/** The rows of `alias` in `segment`; true without one. */
export function inSegment(alias: string, segment: StatsSegment | undefined): RawBuilder<boolean> {
  if (!segment) return sql<boolean>`true`;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  switch (segment.dimension) {
    case 'device':
      return sql<boolean>`${column('device')} = ${segment.value}`;
    case 'visitor':
      return sql<boolean>`${column('visitor_type')} = ${segment.value}`;
    case 'browser':
      return sql<boolean>`${column('browser')} = ${segment.value}`;
    case 'platform': {
      const [browser = '', device = ''] = segment.value.split('/');
      return sql<boolean>`(${column('browser')} = ${browser} and ${column('device')} = ${device})`;
    }
  }
}

/** The rollup table a read sums: the segment rollups when filtered, else the campaign's. */
export const rollupTable = (segment: StatsSegment | undefined) =>
  sql.raw(segment ? 'rollups_segments' : 'rollups_hourly');

/** A cache key's part for the segment ('' for every visitor). */
export const segmentKey = (segment: StatsSegment | undefined) =>
  segment ? `${segment.dimension}=${segment.value}` : '';
