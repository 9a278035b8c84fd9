import type { VerdictState } from '@kindling/domain';
import { Badge, type BadgeTone } from './badge';

/** Each of the API's verdict states as a badge; the words that matter are the API's summary. */
export const VERDICT_BADGES: Record<VerdictState, { label: string; tone: BadgeTone }> = {
  winner: { label: 'Winner', tone: 'success' },
  guardrail_harm: { label: 'Guardrail harmed', tone: 'danger' },
  sample_ratio_mismatch: { label: 'Sample ratio mismatch', tone: 'warning' },
  original_wins: { label: 'Original wins', tone: 'info' },
  no_difference: { label: 'No difference', tone: 'info' },
  keep_running: { label: 'Keep running', tone: 'neutral' },
  not_enough_data: { label: 'Not enough data', tone: 'neutral' },
};

export function VerdictBadge({ state }: { state: VerdictState }) {
  const { label, tone } = VERDICT_BADGES[state];
  return <Badge tone={tone}>{label}</Badge>;
}
