import { useId, useState } from 'react';
import styles from './style-controls.module.css';

interface NumberInputProps {
  value: number;
  onChange: (value: number) => void;
  /** Accessible name. */
  label: string;
  /** Smallest value accepted. */
  min: number;
  id?: string;
}

/** A px number input that keeps what is typed and reports only valid numbers. */
export function NumberInput({ value, onChange, label, min, id }: NumberInputProps) {
  const [text, setText] = useState(String(value));
  // While typing, the field shows the text as typed ("", "1."); otherwise the value.
  const [editing, setEditing] = useState(false);
  return (
    <span className={styles.numberWrap}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        step={1}
        className={styles.number}
        aria-label={label}
        value={editing ? text : String(value)}
        onFocus={() => {
          setText(String(value));
          setEditing(true);
        }}
        onBlur={() => setEditing(false)}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = Number(event.target.value);
          const valid = event.target.value.trim() !== '' && Number.isFinite(parsed);
          if (valid && parsed >= min) onChange(parsed);
        }}
      />
      <span className={styles.unit} aria-hidden="true">
        px
      </span>
    </span>
  );
}

export function NumberField(props: Omit<NumberInputProps, 'id'>) {
  const id = useId();
  return (
    <div className={styles.control}>
      <label className={styles.label} htmlFor={id}>
        {props.label}
      </label>
      <NumberInput {...props} id={id} />
    </div>
  );
}

interface BoxFieldProps<K extends string> {
  label: string;
  sides: readonly (readonly [K, string])[];
  value: Record<K, number>;
  onChange: (value: Record<K, number>) => void;
}

/** Four lengths (padding, border radius) in one labelled group. */
export function BoxField<K extends string>({ label, sides, value, onChange }: BoxFieldProps<K>) {
  return (
    <fieldset className={styles.control}>
      <legend className={styles.label}>{label}</legend>
      <div className={styles.box}>
        {sides.map(([side, sideLabel]) => (
          <label key={side} className={styles.side}>
            <span className={styles.sideLabel}>{sideLabel}</span>
            <NumberInput
              label={`${label} ${sideLabel.toLowerCase()}`}
              min={0}
              value={value[side]}
              onChange={(next) => onChange({ ...value, [side]: next })}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
