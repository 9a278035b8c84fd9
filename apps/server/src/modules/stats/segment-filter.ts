import { isOpenSegmentDimension, type StatsSegment } from '@kindling/domain';
import { sql, type RawBuilder } from 'kysely';

// A segment filter in SQL. The closed classes are columns of rollups_segments and
// campaign_visitors alike (migration 0035); an open dimension is a column of campaign_visitors
// and a (dimension, value) pair of rollups_dimensions (migration 0043). Values come validated
// (statsSegmentSchema) and travel as parameters.

/** The rows of `alias`, a rollup table (`rollupTable`) or campaign_visitors, in `segment`. */
export function inSegment(
  alias: string,
  segment: StatsSegment | undefined,
  rows: 'rollups' | 'visitors' = 'rollups',
): RawBuilder<boolean> {
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
    case 'referrer':
    case 'utm_source':
    case 'utm_medium':
    case 'utm_campaign':
    case 'country':
      return rows === 'visitors'
        ? sql<boolean>`${column(segment.dimension)} = ${segment.value}`
        : sql<boolean>`(${column('dimension')} = ${segment.dimension}
            and ${column('value')} = ${segment.value})`;
  }
}

/** The rollup table a read sums: the campaign's, or the one that splits by the segment's kind. */
export const rollupTable = (segment: StatsSegment | undefined) =>
  sql.raw(
    !segment
      ? 'rollups_hourly'
      : isOpenSegmentDimension(segment.dimension)
        ? 'rollups_dimensions'
        : 'rollups_segments',
  );

/** A cache key's part for the segment ('' for every visitor). */
export const segmentKey = (segment: StatsSegment | undefined) =>
  segment ? `${segment.dimension}=${segment.value}` : '';
