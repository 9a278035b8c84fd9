import clsx from 'clsx';
import styles from './segmented-control.module.css';

interface SegmentedControlProps<V extends string> {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** A compact radio group for toolbars: native radios, so arrow keys and names just work. */
export function SegmentedControl<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: SegmentedControlProps<V>) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
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
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
