import type { Verdict, VerdictState } from '@kindling/domain';
import clsx from 'clsx';
import { InfoTip } from '../../../ui/info-tip';
import { VerdictBadge } from '../../../ui/verdict-badge';
import type { ElementRows } from '../state/element-rows';
import { sampleSizeText } from '../state/sample-size-text';
import { METHOD_LABELS, needsVisitorsText } from '../state/uplift-format';
import styles from './verdict-panel.module.css';

type Look = 'success' | 'danger' | 'warning' | 'informative' | 'muted';

/**
 * How each of the API's states looks (its badge is ui/verdict-badge's, as in the campaign list
 * and the idea screen); the words that matter are the API's own summary.
 */
const LOOKS: Record<VerdictState, Look> = {
  winner: 'success',
  guardrail_harm: 'danger',
  sample_ratio_mismatch: 'warning',
  original_wins: 'informative',
  no_difference: 'informative',
  keep_running: 'muted',
  not_enough_data: 'muted',
};

const METHOD_HELP: Record<Verdict['method'], string> = {
  sequential:
    'Always-valid (sequential) results stay correct however often you look: open this page every day, the verdict does not call a winner by luck.',
  fixed:
    'A fixed-horizon test is read once, at its planned sample. Until every arm has the planned visitors, the verdict says to keep running whatever the numbers look like.',
};

/** The element's verdict as the API says it: its sentence, styled by its state, and the plan. */
export function VerdictPanel({ element }: { element: ElementRows }) {
  const { verdict, plan } = element;
  if (!verdict) {
    return (
      <p className={clsx(styles.panel, styles.muted)} data-testid={`verdict-${element.id}`}>
        <span className={styles.summary}>No visitors saw this element in this range.</span>
      </p>
    );
  }
  const look = LOOKS[verdict.state];
  const needed = verdict.visitorsNeeded ?? 0;
  const planText = plan ? sampleSizeText(element.sampleSize, plan.minimumDetectableEffect) : null;
  return (
    <div
      className={clsx(styles.panel, styles[look])}
      data-testid={`verdict-${element.id}`}
      data-verdict={verdict.state}
    >
      <div className={styles.top}>
        <VerdictBadge state={verdict.state} />
        <span className={styles.method} data-testid={`verdict-method-${element.id}`}>
          {METHOD_LABELS[verdict.method]}
          <InfoTip label={`About ${METHOD_LABELS[verdict.method].toLowerCase()} results`}>
            {METHOD_HELP[verdict.method]}
          </InfoTip>
        </span>
        {needed > 0 ? (
          <span className={styles.needs} data-testid={`verdict-needs-${element.id}`}>
            {needsVisitorsText(needed).replace(/^n/, 'N')}
          </span>
        ) : null}
      </div>
      <p className={styles.summary} data-testid={`verdict-summary-${element.id}`}>
        {verdict.summary}
      </p>
      {planText ? (
        <p className={styles.plan} data-testid={`sample-size-${element.id}`}>
          {planText}
        </p>
      ) : null}
    </div>
  );
}
