import { TRACKER_BUDGET_GZIP_BYTES as BUDGET_GZIP_BYTES } from '@kindling/page-runtime/tracker-build';
import type { LoadSample } from './page-load';
import type { SnippetSizes } from './snippet-size';
import { bytes, median, ratio } from './stats';

/** The fixture page alone, with our snippet, with GrowthBook's script tag. */
export const VARIANTS = ['none', 'kindling', 'growthbook'] as const;
export type Variant = (typeof VARIANTS)[number];

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function reportSizes(sizes: SnippetSizes): void {
  const { served, runtime, config, growthbook, growthbookPayload } = sizes;
  console.log(
    `script, gzip -6: ours as served (GET /api/tracker/{team}.js, 1 campaign of 10 elements) ` +
      `${bytes(served.gzip)} vs GrowthBook dist/bundles/auto.min.js ${bytes(growthbook.gzip)} = ` +
      `${ratio(served.gzip, growthbook.gzip)} (raw ${bytes(served.raw)} vs ${bytes(growthbook.raw)})`,
  );
  console.log(
    `runtime bundle alone, as the budget test builds it: ${bytes(runtime.gzip)} gzip = ` +
      `${ratio(runtime.gzip, BUDGET_GZIP_BYTES)} of the ${BUDGET_GZIP_BYTES / 1024} KB ` +
      `(${bytes(BUDGET_GZIP_BYTES)}) budget ` +
      `(${runtime.gzip < BUDGET_GZIP_BYTES ? 'met' : 'NOT met'}); the served script adds ` +
      `${bytes(served.gzip - runtime.gzip)} (wrapper and hide list): ` +
      `${ratio(served.gzip, BUDGET_GZIP_BYTES)} of the budget`,
  );
  console.log(
    `the changes themselves, gzip: ours GET config.json (a second request) ${bytes(config.gzip)} ` +
      `vs GrowthBook's inline payload ${bytes(growthbookPayload.gzip)}; script + changes ` +
      `${bytes(served.gzip + config.gzip)} vs ${bytes(growthbook.gzip + growthbookPayload.gzip)} = ` +
      `${ratio(served.gzip + config.gzip, growthbook.gzip + growthbookPayload.gzip)}`,
  );
}

/** Per round, the variant's figure minus the bare page's in that round: what the script added. */
const added = (
  samples: Map<Variant, LoadSample[]>,
  variant: Variant,
  pick: (sample: LoadSample) => number,
) => {
  const bare = samples.get('none')!;
  return samples.get(variant)!.map((sample, round) => pick(sample) - pick(bare[round]!));
};

export function reportLoads(samples: Map<Variant, LoadSample[]>): void {
  const medianOf = (variant: Variant, pick: (sample: LoadSample) => number) =>
    median(samples.get(variant)!.map(pick));
  const task = (sample: LoadSample) => sample.taskMs;
  const script = (sample: LoadSample) => sample.scriptMs;
  const styleLayout = (sample: LoadSample) => sample.styleLayoutMs;
  const lcp = (sample: LoadSample) => sample.lcpMs;

  console.log('main thread per page load (CDP TaskDuration, thread time; medians):');
  for (const [variant, label] of [
    ['none', 'page alone (baseline)'],
    ['kindling', 'with our snippet'],
    ['growthbook', 'with GrowthBook'],
  ] as const) {
    console.log(
      `  ${label}: ${ms(medianOf(variant, task))} of tasks, of which ` +
        `${ms(medianOf(variant, script))} JavaScript, ` +
        `${ms(medianOf(variant, styleLayout))} style and layout`,
    );
  }
  const oursAdded = median(added(samples, 'kindling', task));
  const theirsAdded = median(added(samples, 'growthbook', task));
  console.log(
    `main thread added to assign and apply the 10 changes (median of per-round differences to ` +
      `the page alone): ours ${ms(oursAdded)} vs GrowthBook ${ms(theirsAdded)} = ` +
      `${ratio(oursAdded, theirsAdded)}; whole page load ours/GrowthBook = ` +
      `${ratio(medianOf('kindling', task), medianOf('growthbook', task))}; JavaScript ` +
      `ours/GrowthBook = ${ratio(medianOf('kindling', script), medianOf('growthbook', script))}`,
  );
  const without = medianOf('none', lcp);
  const elements = (variant: Variant) => {
    const counts = new Map<string, number>();
    for (const { lcpElement } of samples.get(variant)!) {
      counts.set(lcpElement, (counts.get(lcpElement) ?? 0) + 1);
    }
    return [...counts].map(([element, count]) => `${element} ${count}`).join(', ');
  };
  console.log(
    `LCP: with our snippet ${ms(medianOf('kindling', lcp))} vs without ${ms(without)} = ` +
      `${ratio(medianOf('kindling', lcp), without)} (GrowthBook's async tag: ` +
      `${ms(medianOf('growthbook', lcp))} = ${ratio(medianOf('growthbook', lcp), without)})`,
  );
  console.log(
    `LCP element (loads): without ${elements('none')}; ours ${elements('kindling')}; ` +
      `GrowthBook ${elements('growthbook')}`,
  );
}
