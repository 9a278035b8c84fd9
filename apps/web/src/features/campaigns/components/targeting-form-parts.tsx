import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/field';
import { TrashIcon } from '../../../ui/icons';
import styles from './page-rules-card.module.css';

/** A rule's or a condition's first line: its name, what the tester said of it, remove. */
export function RowHead({
  label,
  verdict,
  disabled,
  onRemove,
}: {
  label: string;
  verdict?: ReactNode;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <div className={styles.ruleHead}>
      <span className={styles.ruleName}>{label}</span>
      <span className={styles.verdict} data-testid="rule-match">
        {verdict}
      </span>
      {disabled ? null : (
        <Button
          variant="ghost"
          color="secondary"
          size="sm"
          icon={<TrashIcon size={16} />}
          aria-label={`Remove ${label.toLowerCase()}`}
          onClick={onRemove}
        />
      )}
    </div>
  );
}

/** The server's messages under `prefix` (e.g. `rules.include.0.`), keyed by the rest. */
export function fieldsUnder(fields: Record<string, string>, prefix: string) {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, message]) => [field.slice(prefix.length), message]),
  );
}

/**
 * The save's error, then Save and, once something changed, Discard changes, which clears the
 * save's error as well as the card's edits (`onDiscard`).
 */
export function SaveActions({
  save,
  readOnly,
  edited,
  onDiscard,
}: {
  save: { error: Error | null; isPending: boolean; reset: () => void };
  readOnly: boolean;
  edited: boolean;
  onDiscard: () => void;
}) {
  return (
    <>
      <FormError message={save.error?.message ?? null} />
      {readOnly ? null : (
        <div className={styles.actions}>
          <Button type="submit" size="sm" loading={save.isPending} disabled={!edited}>
            Save
          </Button>
          {edited ? (
            <Button
              variant="ghost"
              color="secondary"
              size="sm"
              onClick={() => {
                save.reset();
                onDiscard();
              }}
            >
              Discard changes
            </Button>
          ) : null}
        </div>
      )}
    </>
  );
}
