import { formatHsla, formatRgba, pickSwatches, type DomStats } from '@kindling/domain';
import styles from './colour-swatches.module.css';

export function ColourSwatches({ domStats }: { domStats: DomStats }) {
  const swatches = pickSwatches(domStats);
  if (swatches.length === 0) return <span className={styles.muted}>None found</span>;
  return (
    <ul className={styles.swatches} aria-label="Colours">
      {swatches.map((colour) => (
        <li key={colour} className={styles.swatch} title={formatRgba(colour)}>
          <span className={styles.chip} style={{ background: formatRgba(colour) }} />
          <span className={styles.code}>{formatHsla(colour)}</span>
        </li>
      ))}
    </ul>
  );
}
