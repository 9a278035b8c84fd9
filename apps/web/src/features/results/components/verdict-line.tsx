import { Badge } from '../../../ui/badge';
import type { ElementRows } from '../state/element-rows';
import { formatChance } from '../state/metric-format';
import { sampleSizeText } from '../state/sample-size-text';
import { NOT_ENOUGH_DATA_VIEWS } from '@kindling/domain';
import styles from './element-results.module.css';

/** The element's verdict as a badge and one sentence saying why. */
export function VerdictLine({ element }: { element: ElementRows }) {
  const { verdict } = element;
  const labelOf = (key: string) => element.rows.find((row) => row.key === key)?.label ?? key;
  const [tone, badge, text] = ((): [Parameters<typeof Badge>[0]['tone'], string, string] => {
    switch (verdict.kind) {
      case 'noData':
        return ['neutral', 'No data', 'No visitors saw this element in this range.'];
      case 'sampleRatioMismatch':
        return [
          'danger',
          'Sample ratio mismatch',
          `The traffic split is off (p = ${verdict.pValue.toPrecision(2)}), so these results cannot be trusted. Check that the tag loads on every page view and that nothing redirects one arm.`,
        ];
      case 'notEnoughData':
        return [
          'warning',
          'Not enough data',
          `The original and a variant each need ${NOT_ENOUGH_DATA_VIEWS} visitors before a verdict.`,
        ];
      case 'winner':
        return [
          'success',
          `${labelOf(verdict.variantKey)} wins`,
          `${formatChance(verdict.chanceToBeatControl)} chance to beat the original, significant after correcting for every comparison in this campaign.`,
        ];
      case 'originalWins':
        return ['danger', 'Original wins', 'Every variant converts significantly worse.'];
      case 'inconclusive':
        return [
          'neutral',
          'Inconclusive',
          'No variant differs significantly from the original yet.',
        ];
    }
  })();
  const waiting = verdict.kind === 'notEnoughData' || verdict.kind === 'inconclusive';
  const estimate = waiting ? sampleSizeText(element.sampleSize) : null;
  return (
    <p className={styles.verdict} data-testid={`verdict-${element.id}`} data-verdict={verdict.kind}>
      <Badge tone={tone}>{badge}</Badge>
      <span>{text}</span>
      {estimate ? <span data-testid={`sample-size-${element.id}`}>{estimate}</span> : null}
    </p>
  );
}
