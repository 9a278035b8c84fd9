import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './radio-cards.module.css';

interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
}

interface RadioCardsProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  options: readonly RadioOption<V>[];
  onChange: (value: V) => void;
  layout?: 'row' | 'column';
}

/** Native radio inputs styled as selectable cards (keyboard and screen-reader friendly). */
export function RadioCards<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  layout = 'row',
}: RadioCardsProps<V>) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={clsx(styles.options, styles[layout])}>
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(styles.option, option.value === value && styles.selected)}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className={styles.input}
            />
            <span className={styles.text}>
              <span className={styles.label}>{option.label}</span>
              {option.description ? (
                <span className={styles.description}>{option.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
