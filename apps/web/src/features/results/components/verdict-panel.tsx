import type { Verdict, VerdictState } from '@kindling/domain';
import clsx from 'clsx';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { InfoTip } from '../../../ui/info-tip';
import type { ElementRows } from '../state/element-rows';
import { sampleSizeText } from '../state/sample-size-text';
import { METHOD_LABELS, needsVisitorsText } from '../state/uplift-format';
import styles from './verdict-panel.module.css';

type Look = 'success' | 'danger' | 'warning' | 'informative' | 'muted';

/** How each of the API's states looks; the words that matter are the API's own summary. */
const LOOKS: Record<VerdictState, { look: Look; badge: string; tone: BadgeTone }> = {
  winner: { look: 'success', badge: 'Winner', tone: 'success' },
  guardrail_harm: { look: 'danger', badge: 'Guardrail harmed', tone: 'danger' },
  sample_ratio_mismatch: { look: 'warning', badge: 'Sample ratio mismatch', tone: 'warning' },
  original_wins: { look: 'informative', badge: 'Original wins', tone: 'info' },
  no_difference: { look: 'informative', badge: 'No difference', tone: 'info' },
  keep_running: { look: 'muted', badge: 'Keep running', tone: 'neutral' },
  not_enough_data: { look: 'muted', badge: 'Not enough data', tone: 'neutral' },
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
  const { look, badge, tone } = LOOKS[verdict.state];
  const needed = verdict.visitorsNeeded ?? 0;
  const planText = plan ? sampleSizeText(element.sampleSize, plan.minimumDetectableEffect) : null;
  return (
    <div
      className={clsx(styles.panel, styles[look])}
      data-testid={`verdict-${element.id}`}
      data-verdict={verdict.state}
    >
      <div className={styles.top}>
        <Badge tone={tone}>{badge}</Badge>
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
