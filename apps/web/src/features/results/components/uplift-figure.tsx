import type { Correction } from '@kindling/domain';
import clsx from 'clsx';
import { formatChance, formatChange } from '../../../lib/format';
import { InfoTip } from '../../../ui/info-tip';
import { CORRECTION_LABELS } from '../state/help-text';
import { formatInterval, formatPValue, levelNote, needsVisitorsText } from '../state/uplift-format';
import styles from './element-results.module.css';

export interface UpliftFigures {
  estimate: number;
  interval: readonly [number, number] | null;
  level: number;
  pValue: number;
  adjustedPValue: number;
  /** Null where the API gives none (a secondary metric, a funnel step below the minimum). */
  chanceToBeatControl?: number | null;
  /** Which way it goes for the business, lower-is-better aware: colours the figure. */
  direction: 'better' | 'worse' | null;
}

/** "—" and, below the minimum sample, what is still needed. */
export function NoFigure({ visitorsNeeded }: { visitorsNeeded?: number | null }) {
  return (
    <span className={styles.muted}>
      —
      {visitorsNeeded ? (
        <span className={styles.interval} data-testid="needs-visitors">
          {needsVisitorsText(visitorsNeeded)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * "+12% (+3% to +21%)" coloured by its direction, the level when it is not 95%, and the
 * p-values and chance to beat in a tooltip.
 */
export function UpliftFigure({
  figures,
  label,
  correction,
}: {
  figures: UpliftFigures;
  /** Who the figures are about, for the tooltip's button: "Variant 1 on Buy". */
  label: string;
  correction: Correction | null;
}) {
  const { estimate, interval, level, direction } = figures;
  const note = levelNote(level);
  return (
    <span className={styles.uplift} data-testid="uplift">
      <span className={styles.upliftLine}>
        <span
          className={clsx(
            styles.estimate,
            direction === 'better' && styles.up,
            direction === 'worse' && styles.down,
          )}
          data-direction={direction ?? undefined}
        >
          {formatChange(estimate)}
        </span>
        {interval ? <span className={styles.range}>({formatInterval(interval)})</span> : null}
        <InfoTip label={`Figures for ${label}`} data-testid="uplift-figures">
          <span className={styles.figures}>
            <span>
              p-value <strong>{formatPValue(figures.pValue)}</strong>
            </span>
            <span>
              Adjusted p-value <strong>{formatPValue(figures.adjustedPValue)}</strong>
              {correction ? ` (${CORRECTION_LABELS[correction]})` : ''}
            </span>
            {figures.chanceToBeatControl !== undefined && figures.chanceToBeatControl !== null ? (
              <span>
                Chance to beat the original{' '}
                <strong>{formatChance(figures.chanceToBeatControl)}</strong>
              </span>
            ) : null}
            <span className={styles.muted}>
              {note
                ? `A ${note}: wider than 95%, as several variants are compared.`
                : 'A 95% interval: the true change very likely lies within it.'}
            </span>
          </span>
        </InfoTip>
      </span>
      {note ? <span className={styles.interval}>{note}</span> : null}
    </span>
  );
}
