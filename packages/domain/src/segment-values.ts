import { z } from 'zod';
import {
  OPEN_SEGMENT_DIMENSIONS,
  SEGMENT_NONE,
  SEGMENT_OTHER,
  type OpenSegmentDimension,
} from './open-segments';
import { statsSegmentLabel } from './stats-segment';
import { REFERRER_DIRECT, SEGMENT_UNKNOWN } from './visitor-segments';

// What the results' segment list offers in the open dimensions (issue 31): the names the
// campaign keeps, then the classes every campaign can have. GET /campaign/segment-values.

export const OPEN_SEGMENT_GROUP_LABELS: Record<OpenSegmentDimension, string> = {
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  country: 'Country',
};

/** The classes offered after the names, per dimension. */
const CLASSES: Record<OpenSegmentDimension, readonly string[]> = {
  referrer: [REFERRER_DIRECT, SEGMENT_OTHER],
  utm_source: [SEGMENT_NONE, SEGMENT_OTHER],
  utm_medium: [SEGMENT_NONE, SEGMENT_OTHER],
  utm_campaign: [SEGMENT_NONE, SEGMENT_OTHER],
  country: [SEGMENT_UNKNOWN],
};

const choice = z.object({ value: z.string(), label: z.string() });
export const segmentValuesAnswerSchema = z.object({
  dimensions: z.array(
    z.object({
      dimension: z.enum(OPEN_SEGMENT_DIMENSIONS),
      /** "UTM source": the list's group heading. */
      label: z.string(),
      values: z.array(choice),
    }),
  ),
});
export type SegmentValuesAnswer = z.infer<typeof segmentValuesAnswerSchema>;

/**
 * The open dimensions' choices: the kept names in alphabetical order (countries by name), then
 * the classes. Country only where the server knows countries (GEO_HEADER) or some were kept.
 */
export function segmentValueChoices(
  kept: readonly { dimension: OpenSegmentDimension; value: string }[],
  { countries }: { countries: boolean },
): SegmentValuesAnswer {
  const dimensions = OPEN_SEGMENT_DIMENSIONS.flatMap((dimension) => {
    const names = kept.filter((row) => row.dimension === dimension).map((row) => row.value);
    if (dimension === 'country' && !countries && names.length === 0) return [];
    const values = [...names, ...CLASSES[dimension]].map((value) => ({
      value,
      label: statsSegmentLabel(dimension, value),
    }));
    const named = values.slice(0, names.length).sort((a, b) => a.label.localeCompare(b.label));
    return [
      {
        dimension,
        label: OPEN_SEGMENT_GROUP_LABELS[dimension],
        values: [...named, ...values.slice(names.length)],
      },
    ];
  });
  return { dimensions };
}
