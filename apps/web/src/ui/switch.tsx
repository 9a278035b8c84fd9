import * as RadixSwitch from '@radix-ui/react-switch';
import clsx from 'clsx';
import styles from './switch.module.css';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Accessible name; required because a bare switch has no text. */
  label: string;
  /** Show the label next to the switch instead of only to assistive tech. */
  showLabel?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md';
  id?: string;
  'data-testid'?: string;
}

export function Switch({
  checked,
  onCheckedChange,
  label,
  showLabel = false,
  disabled,
  size = 'md',
  id,
  'data-testid': testId,
}: SwitchProps) {
  const control = (
    <RadixSwitch.Root
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={showLabel ? undefined : label}
      className={clsx(styles.root, styles[size])}
      data-testid={testId}
    >
      <RadixSwitch.Thumb className={styles.thumb} />
    </RadixSwitch.Root>
  );
  if (!showLabel) return control;
  return (
    <label className={styles.labelled}>
      {control}
      <span>{label}</span>
    </label>
  );
}
