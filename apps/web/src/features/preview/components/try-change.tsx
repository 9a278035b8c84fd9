import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { TextAreaField } from '../../../ui/field';
import styles from './element-panel.module.css';

interface TryChangeProps {
  initialText: string;
  onApply: (text: string) => void;
  onReset: () => void;
}

/** Parent keys this by selector, so picking another element starts from its own text. */
export function TryChange({ initialText, onApply, onReset }: TryChangeProps) {
  const [text, setText] = useState(initialText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(text);
  };
  return (
    <form className={styles.tryChange} onSubmit={submit} aria-label="Try a change">
      <h3 className={styles.subheading}>Try a change</h3>
      <TextAreaField
        label="New text"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className={styles.actions}>
        <Button type="submit" size="sm">
          Apply
        </Button>
        <Button
          variant="outline"
          color="secondary"
          size="sm"
          onClick={() => {
            setText(initialText);
            onReset();
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
