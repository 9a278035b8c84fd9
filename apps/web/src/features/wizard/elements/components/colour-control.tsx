import { formatHex, formatHsla, formatRgba, parseCssColor } from '@kindling/domain';
import { useId } from 'react';
import styles from './style-controls.module.css';

interface ColourControlProps {
  label: string;
  /** Packed 32-bit RGBA. */
  value: number;
  /** The element's own colours (spec section 9, "Colour swatches"). */
  swatches: readonly number[];
  onChange: (value: number) => void;
}

/** `<input type=color>` speaks #rrggbb; the picked colour is opaque. */
const toPickerValue = (colour: number) => formatHex(colour).slice(0, 7);

export function ColourControl({ label, value, swatches, onChange }: ColourControlProps) {
  const id = useId();
  const current = value >>> 0;
  return (
    <div className={styles.control}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.colourRow}>
        <input
          id={id}
          type="color"
          className={styles.colourInput}
          value={toPickerValue(current)}
          onChange={(event) => {
            const picked = parseCssColor(event.target.value);
            if (picked !== undefined) onChange(picked);
          }}
        />
        <code className={styles.colourCode}>{formatHsla(current)}</code>
      </div>
      {swatches.length > 0 ? (
        <div className={styles.swatches} role="group" aria-label={`${label} swatches`}>
          {swatches.map((swatch) => (
            <button
              key={swatch}
              type="button"
              className={styles.swatch}
              style={{ background: formatRgba(swatch) }}
              title={formatHsla(swatch)}
              aria-label={`Use ${formatHsla(swatch)}`}
              aria-pressed={swatch === current}
              onClick={() => onChange(swatch)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
