import type { Correction, TestMethod } from '@kindling/domain';

// How a campaign's verdicts are reached (issue 29), in the words every screen uses.

export const MINIMUM_DETECTABLE_EFFECT_TEXT = {
  label: 'Minimum detectable effect (%)',
  help: 'The smallest change worth detecting. Smaller effects need more visitors; the planned sample and the days left come from it.',
} as const;

export const AUTO_STOP_TEXT = {
  label: 'Stop by itself when answered',
  help: 'Switches the campaign off once every element reached its planned visitors, or earlier when an always-valid result is clear (a winner, the original, no difference, or a harmed guardrail). Your team is told, in the app and by e-mail, with the verdict.',
  fixedHelp:
    'With a fixed-horizon test it stops only at the planned visitors: its results are read once.',
} as const;

export const TEST_METHOD_LEGEND = 'Test method';

export const TEST_METHOD_OPTIONS = [
  {
    value: 'sequential',
    label: 'Always-valid',
    help: 'Look as often as you like: a winner is only called when it holds at any moment.',
  },
  {
    value: 'fixed',
    label: 'Fixed horizon',
    help: 'Read once, at the planned sample; only before the campaign has visitors.',
  },
] as const satisfies readonly { value: TestMethod; label: string; help: string }[];

export const CORRECTION_LEGEND = 'Multiple variants';

export const CORRECTION_OPTIONS = [
  {
    value: 'holm',
    label: 'Holm',
    help: 'Keeps the chance of any false winner at 5%.',
  },
  {
    value: 'benjamini-hochberg',
    label: 'Benjamini-Hochberg',
    help: 'Keeps the share of false winners among those called at 5%; finds more with many variants.',
  },
] as const satisfies readonly { value: Correction; label: string; help: string }[];

export const testMethodLabel = (method: TestMethod): string =>
  TEST_METHOD_OPTIONS.find((option) => option.value === method)?.label ?? method;

/** A fraction as the percentage people type (0.1 -> 10), without float noise (0.07 -> 7). */
export const percentOf = (fraction: number): number => Math.round(fraction * 10_000) / 100;
