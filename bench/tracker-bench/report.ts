import { TRACKER_BUDGET_GZIP_BYTES as BUDGET_GZIP_BYTES } from '@kindling/page-runtime/tracker-build';
import type { LoadSample } from './page-load';
import type { Sized, SnippetSizes } from './snippet-size';
import { bytes, median, ratio } from './stats';

/** The fixture page alone, with our snippet, with GrowthBook's script tag. */
export const VARIANTS = ['none', 'kindling', 'kindling-async', 'growthbook'] as const;
export type Variant = (typeof VARIANTS)[number];

const ms = (value: number) => `${value.toFixed(1)} ms`;

export function reportSizes(sizes: SnippetSizes): void {
  const { served, runtime, modules, config, growthbook, growthbookPayload } = sizes;
  console.log(
    `script, gzip -6: ours as served (GET /api/tracker/{team}.js, 1 campaign of 10 elements) ` +
      `${bytes(served.gzip)} vs GrowthBook dist/bundles/auto.min.js ${bytes(growthbook.gzip)} = ` +
      `${ratio(served.gzip, growthbook.gzip)} (raw ${bytes(served.raw)} vs ${bytes(growthbook.raw)})`,
  );
  console.log(
    `served script against the ${bytes(BUDGET_GZIP_BYTES)} gzip budget: ` +
      `${ratio(served.gzip, BUDGET_GZIP_BYTES)} ` +
      `(${served.gzip <= BUDGET_GZIP_BYTES ? 'met' : 'NOT met'}); the runtime alone is ` +
      `${bytes(runtime.gzip)}, the wrapper and hide list add ${bytes(served.gzip - runtime.gzip)}`,
  );
  console.log('runtime by module (minified bytes; gzip share, estimated):');
  for (const { module, raw, gzip } of modules.filter((entry) => entry.raw >= 100)) {
    console.log(`  ${bytes(gzip).padStart(8)} gzip ${bytes(raw).padStart(8)}  ${module}`);
  }
  console.log(
    `the changes themselves, gzip: ours GET config.json (a second request) ${bytes(config.gzip)} ` +
      `vs GrowthBook's inline payload ${bytes(growthbookPayload.gzip)}; script + changes ` +
      `${bytes(served.gzip + config.gzip)} vs ${bytes(growthbook.gzip + growthbookPayload.gzip)} = ` +
      `${ratio(served.gzip + config.gzip, growthbook.gzip + growthbookPayload.gzip)}`,
  );
}

/** Issue 31's case: the bench team's campaign with an audience of three conditions. */
export function reportTargetedSize({ served, part }: { served: Sized; part: Sized }): void {
  console.log(
    `served script with one audience of three conditions: ` +
      `${bytes(served.gzip)} gzip (raw ${bytes(served.raw)}) against the ` +
      `${bytes(BUDGET_GZIP_BYTES)} budget: ${ratio(served.gzip, BUDGET_GZIP_BYTES)} ` +
      `(${served.gzip <= BUDGET_GZIP_BYTES ? 'met' : 'NOT met'}); plus targeting.js, fetched ` +
      `beside the config: ${bytes(part.gzip)} gzip (raw ${bytes(part.raw)})`,
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

const LABELS: Record<Variant, string> = {
  none: 'page alone (baseline)',
  kindling: 'our default tag',
  'kindling-async': 'our async tag',
  growthbook: "GrowthBook's async tag",
};

/** Main thread added may be at most this times GrowthBook's (issue 30). */
const MAIN_THREAD_BUDGET = 1.1;

const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

export function reportLoads(samples: Map<Variant, LoadSample[]>): void {
  const medianOf = (variant: Variant, pick: (sample: LoadSample) => number) =>
    median(samples.get(variant)!.map(pick));
  const task = (sample: LoadSample) => sample.taskMs;
  const script = (sample: LoadSample) => sample.scriptMs;
  const styleLayout = (sample: LoadSample) => sample.styleLayoutMs;
  const lcp = (sample: LoadSample) => sample.lcpMs;
  const ours = ['kindling', 'kindling-async'] as const;

  console.log('main thread per page load (CDP TaskDuration, thread time; medians):');
  for (const variant of VARIANTS) {
    console.log(
      `  ${LABELS[variant]}: ${ms(medianOf(variant, task))} of tasks, of which ` +
        `${ms(medianOf(variant, script))} JavaScript, ` +
        `${ms(medianOf(variant, styleLayout))} style and layout`,
    );
  }
  const theirsAdded = median(added(samples, 'growthbook', task));
  for (const variant of ours) {
    const oursAdded = median(added(samples, variant, task));
    console.log(
      `main thread added to assign and apply the 10 changes, ${LABELS[variant]} (median of ` +
        `per-round differences to the page alone): ${ms(oursAdded)} vs GrowthBook ` +
        `${ms(theirsAdded)} = ${ratio(oursAdded, theirsAdded)} (budget ${MAIN_THREAD_BUDGET}x: ` +
        `${verdict(oursAdded <= theirsAdded * MAIN_THREAD_BUDGET)})`,
    );
  }
  const without = medianOf('none', lcp);
  const theirs = medianOf('growthbook', lcp) / without;
  console.log(
    `LCP without a tool ${ms(without)}; GrowthBook's async tag ${ms(medianOf('growthbook', lcp))} ` +
      `= ${theirs.toFixed(2)}x`,
  );
  for (const variant of ours) {
    const mine = medianOf(variant, lcp) / without;
    console.log(
      `LCP with ${LABELS[variant]} ${ms(medianOf(variant, lcp))} = ${mine.toFixed(2)}x ` +
        `(at most GrowthBook's ratio: ${verdict(mine <= theirs)})`,
    );
  }
  const elements = (variant: Variant) => {
    const counts = new Map<string, number>();
    for (const { lcpElement } of samples.get(variant)!) {
      counts.set(lcpElement, (counts.get(lcpElement) ?? 0) + 1);
    }
    return [...counts].map(([element, count]) => `${element} ${count}`).join(', ');
  };
  console.log(
    `LCP element (loads): ${VARIANTS.map((variant) => `${LABELS[variant]} ${elements(variant)}`).join('; ')}`,
  );
  const asyncLoads = samples.get('kindling-async')!;
  const keptLoads = asyncLoads.filter((sample) => sample.kept > 0).length;
  const keptElements = asyncLoads.reduce((sum, sample) => sum + sample.kept, 0);
  console.log(
    `async tag, first visits: ${keptLoads} of ${asyncLoads.length} loads kept an original ` +
      `(${keptElements} of ${asyncLoads.length * 10} elements), shown before the tracker came ` +
      `and never swapped; the others showed every variant from the first paint`,
  );
}
