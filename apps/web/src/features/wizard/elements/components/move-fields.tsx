import {
  MOVE_MESSAGES,
  moveTargetProblem,
  VARIANT_MOVE_POSITION_LABELS,
  VARIANT_MOVE_POSITIONS,
  type CampaignElement,
  type Variant,
  type VariantMove,
  type VariantMovePosition,
} from '@kindling/domain';
import { useEffect, useState } from 'react';
import { writtenSelectorProblem } from '../../../../lib/selector-syntax';
import { useLatest } from '../../../../lib/use-latest';
import { Button } from '../../../../ui/button';
import { SelectField, TextField } from '../../../../ui/field';
import { useTargetPicker } from '../../hooks/target-picker';
import { useInitiallyOpen } from '../hooks/use-initially-open';
import styles from './draft-editor.module.css';

interface MoveFieldsProps {
  element: CampaignElement;
  variant: Variant;
  position: number;
  onChange: (variant: Variant) => void;
}

/**
 * Moves this element, or a copy of it, before, after or inside another (issue 32), folded away
 * until opened. The target is a selector, picked in the preview (any element) or written.
 */
export function MoveFields({ element, variant, position, onChange }: MoveFieldsProps) {
  const { info } = variant;
  const picker = useTargetPicker();
  const [draft, setDraft] = useState<VariantMove>(
    info.move ?? { position: 'after', target: '', copy: false },
  );
  // A pick lands after other edits may have been made: it applies to the latest of them.
  const latest = useLatest({ variant, draft, onChange });
  const set = (next: VariantMove) => {
    setDraft(next);
    const { variant: current, onChange: change } = latest.current;
    change({
      ...current,
      info: { ...current.info, move: next.target.trim() === '' ? undefined : next },
    } as Variant);
  };
  const initiallyOpen = useInitiallyOpen(info.move !== undefined);
  const key = `move-${variant.id}`;
  const picking = picker.picking === key;
  // An editor closed while it picks stops the pick: the next click picks elements again.
  const stillPicking = useLatest({ picking, cancel: picker.cancel });
  useEffect(
    () => () => {
      if (stillPicking.current.picking) stillPicking.current.cancel();
    },
    [stillPicking],
  );
  const problem =
    draft.target.trim() === ''
      ? undefined
      : (moveTargetProblem(draft.target, element.selector) ?? writtenSelectorProblem(draft.target));

  return (
    <details className={styles.changes} open={initiallyOpen} data-testid="move-element">
      <summary>Move this element</summary>
      <div className={styles.changeFields}>
        <label className={styles.checkRow}>
          <input
            type="checkbox"
            checked={draft.copy === true}
            onChange={(event) => set({ ...draft, copy: event.target.checked })}
          />
          Move a copy, and keep this element where it is
        </label>
        <SelectField
          label="Where"
          aria-label={`Variant ${position} move position`}
          value={draft.position}
          onChange={(event) =>
            set({ ...draft, position: event.target.value as VariantMovePosition })
          }
        >
          {VARIANT_MOVE_POSITIONS.map((value) => (
            <option key={value} value={value}>
              {VARIANT_MOVE_POSITION_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Target"
          aria-label={`Variant ${position} move target`}
          hint={
            picking
              ? 'Click the target in the preview.'
              : 'The element to move next to: pick it in the preview, or write its CSS selector.'
          }
          spellCheck={false}
          placeholder="#reviews"
          value={draft.target}
          error={problem}
          onChange={(event) => set({ ...draft, target: event.target.value })}
        />
        <div className={styles.pickRow}>
          <Button
            variant="outline"
            color="secondary"
            size="sm"
            aria-pressed={picking}
            onClick={() =>
              picking
                ? picker.cancel()
                : picker.start(key, (target) => set({ ...latest.current.draft, target }))
            }
          >
            {picking ? 'Cancel picking' : 'Pick in preview'}
          </Button>
          {info.move ? (
            <Button
              variant="ghost"
              color="secondary"
              size="sm"
              onClick={() => set({ ...draft, target: '' })}
            >
              Don’t move
            </Button>
          ) : null}
        </div>
        {draft.target.trim() === '' && draft.copy ? (
          <p className={styles.hiddenNote}>{MOVE_MESSAGES.target}</p>
        ) : null}
      </div>
    </details>
  );
}
