import {
  ELEMENT_CHANGE_MESSAGES,
  VARIANT_INSERT_MAX_LENGTH,
  VARIANT_INSERT_POSITION_LABELS,
  VARIANT_INSERT_POSITIONS,
  type Variant,
  type VariantInsertPosition,
} from '@kindling/domain';
import { useState } from 'react';
import { SelectField, TextAreaField } from '../../../../ui/field';
import styles from './draft-editor.module.css';
import { useInitiallyOpen } from '../hooks/use-initially-open';

interface InsertBlockFieldsProps {
  variant: Variant;
  position: number;
  onChange: (variant: Variant) => void;
}

/**
 * A block of HTML this variant inserts before or after the element (issue 32), folded away
 * until opened. Cleaned by the HTML policy (headings, paragraphs, lists, links, images...) on
 * save and again on the page; empty inserts nothing.
 */
export function InsertBlockFields({ variant, position, onChange }: InsertBlockFieldsProps) {
  const { info } = variant;
  const [side, setSide] = useState<VariantInsertPosition>(info.insert?.position ?? 'after');
  const html = info.insert?.html ?? '';
  const initiallyOpen = useInitiallyOpen(info.insert !== undefined);
  const set = (next: { position: VariantInsertPosition; html: string }) =>
    onChange({
      ...variant,
      info: { ...info, insert: next.html.trim() === '' ? undefined : next },
    } as Variant);

  return (
    <details className={styles.changes} open={initiallyOpen} data-testid="insert-block">
      <summary>Insert a block</summary>
      <div className={styles.changeFields}>
        <SelectField
          label="Where"
          aria-label={`Variant ${position} block position`}
          value={side}
          onChange={(event) => {
            const next = event.target.value as VariantInsertPosition;
            setSide(next);
            set({ position: next, html });
          }}
        >
          {VARIANT_INSERT_POSITIONS.map((value) => (
            <option key={value} value={value}>
              {VARIANT_INSERT_POSITION_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="HTML of the block"
          aria-label={`Variant ${position} block HTML`}
          hint="Headings, paragraphs, lists, links, images and buttons' text; scripts, styles and event handlers are removed."
          rows={5}
          spellCheck={false}
          value={html}
          error={
            html.length > VARIANT_INSERT_MAX_LENGTH
              ? ELEMENT_CHANGE_MESSAGES.insertLength
              : undefined
          }
          onChange={(event) => set({ position: side, html: event.target.value })}
        />
      </div>
    </details>
  );
}
