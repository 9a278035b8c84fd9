import { performance } from 'node:perf_hooks';
import {
  elementSignificance,
  mulberry32,
  probabilityBetaExceeds,
  thompsonWeights,
} from '../packages/domain/src/index';

const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

function timeMs(run: () => unknown, rounds = 7): number {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** The baseline: a million Math.log calls, the same order of work as a million-term sum. */
function baseline(): number {
  let sum = 0;
  for (let i = 1; i <= 1_000_000; i++) sum += Math.log(i);
  return sum;
}

const arm = (conversions: number, visitors: number) => ({
  alpha: 1 + conversions,
  beta: 1 + visitors - conversions,
});

/**
 * The exact chance to beat control costs O(min conversions) terms; this shows it stays a few
 * milliseconds at a million visitors, which is why there is no numeric-integration fallback.
 */
export function statsBench(): void {
  console.log('\n== statistics engine (ratios against 1e6 Math.log calls) ==');
  const base = timeMs(baseline);
  console.log(`baseline: ${base.toFixed(2)} ms`);
  const cases = [
    ['10k visitors, 5%', 10_000, 0.05],
    ['1M visitors, 5%', 1_000_000, 0.05],
    ['1M visitors, 50%', 1_000_000, 0.5],
    ['10M visitors, 50%', 10_000_000, 0.5],
  ] as const;
  for (const [label, visitors, rate] of cases) {
    const conversions = Math.round(visitors * rate);
    const ms = timeMs(() =>
      probabilityBetaExceeds(
        arm(conversions, visitors),
        arm(Math.round(conversions * 1.01), visitors),
      ),
    );
    console.log(
      `chance to beat control, ${label}: ${ms.toFixed(2)} ms = ${(ms / base).toFixed(2)}x`,
    );
  }
  const big = { visitors: 1_000_000, conversions: 50_000 };
  const elements = Array.from({ length: 3 }, () => ({ control: big, variants: [big, big, big] }));
  const campaign = timeMs(() => elements.map((element) => elementSignificance(element)));
  console.log(
    `campaign of 3 elements x 3 variants at 1M visitors each: ${campaign.toFixed(2)} ms = ${(campaign / base).toFixed(2)}x`,
  );
  const bandit = timeMs(() =>
    thompsonWeights({ arms: [big, big, big, big], random: mulberry32(1) }),
  );
  console.log(
    `bandit weights, 4 arms, 10k draws: ${bandit.toFixed(2)} ms = ${(bandit / base).toFixed(2)}x`,
  );
}
