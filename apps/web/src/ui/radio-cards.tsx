import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
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
  /** Smaller cards, for a choice inside another card. */
  size?: 'md' | 'sm';
  /** Every option: the choice is shown but cannot change (say why in `hint`). */
  disabled?: boolean;
  /** A sentence under the options, read with the group (e.g. why it is disabled). */
  hint?: ReactNode;
  'data-testid'?: string;
}

/** Native radio inputs styled as selectable cards (keyboard and screen-reader friendly). */
export function RadioCards<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  layout = 'row',
  size = 'md',
  disabled = false,
  hint,
  'data-testid': testId,
}: RadioCardsProps<V>) {
  const hintId = useId();
  return (
    <fieldset
      className={clsx(styles.fieldset, size === 'sm' && styles.small)}
      disabled={disabled}
      aria-describedby={hint ? hintId : undefined}
      data-testid={testId}
    >
      <legend className={styles.legend}>{legend}</legend>
      <div className={clsx(styles.options, styles[layout])}>
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              styles.option,
              option.value === value && styles.selected,
              disabled && styles.disabled,
            )}
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
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
