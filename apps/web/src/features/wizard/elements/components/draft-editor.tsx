import type { CampaignElement, Variant } from '@kindling/domain';
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useLatest } from '../../../../lib/use-latest';
import { Button } from '../../../../ui/button';
import { PlusIcon } from '../../../../ui/icons';
import { useEditMode } from '../../hooks/edit-mode-context';
import { usePreviewControls } from '../../hooks/preview-controls';
import { useElementsStore } from '../hooks/use-elements-store';
import { useVariantActions } from '../hooks/variant-actions';
import {
  canAddVariant,
  DRAFT_MESSAGES,
  removeInvalidEmpty,
  removeVariant,
  updateVariant,
  type DraftEditorState,
} from '../state/draft-editor';
import { focusDraftVariant } from '../hooks/draft-focus';
import { DraftVariantFields } from './draft-variant-fields';
import styles from './draft-editor.module.css';

interface DraftEditorProps {
  element: CampaignElement;
  draft: DraftEditorState;
}

function heading(draft: DraftEditorState): string {
  if (draft.type === 'EditSuggestion') return 'Edit suggestion';
  return draft.sourceVariantId === undefined ? 'New variants' : 'Edit variant';
}

/** The draft editor of spec section 4: every edit goes through the pure draft functions. */
export function DraftEditor({ element, draft }: DraftEditorProps) {
  const { dispatch } = useElementsStore();
  const preview = usePreviewControls();
  const actions = useVariantActions();
  const editMode = useEditMode();
  const latestDraft = useLatest(draft);
  const latestPreview = useLatest(preview);
  const [focusedId, setFocusedId] = useState<number>();
  const [saving, setSaving] = useState(false);
  const focusAdded = useRef(false);
  const addRowRef = useRef<HTMLDivElement>(null);
  const focused = draft.variants.find((v) => v.id === focusedId) ?? draft.variants[0];
  const single = draft.type === 'EditSuggestion';
  const canAdd = canAddVariant(draft, element);
  const source = element.variants.find((variant) => variant.id === draft.sourceVariantId);
  const headingId = `draft-editor-${element.id}`;

  // Live preview: the page follows the variant being edited.
  useEffect(() => {
    if (focused) latestPreview.current.showVariant(element, focused);
  }, [element, focused, latestPreview]);

  // A new draft starts with the cursor in its first text, ready to type.
  const firstId = useRef(draft.variants[0]?.id);
  useEffect(() => {
    if (element.type === 'text' && firstId.current !== undefined) {
      focusDraftVariant(firstId.current);
    }
  }, [element.type]);

  const last = draft.variants.at(-1);
  useEffect(() => {
    if (!focusAdded.current || !last) return;
    focusAdded.current = false;
    focusDraftVariant(last.id);
    // The button stays in reach for one more, clear of the sticky footer (its scroll-margin).
    // 'end', not 'nearest': Chromium ignores the margin when the button itself is in view.
    addRowRef.current?.scrollIntoView({ block: 'end' });
  }, [last]);

  const set = (next: DraftEditorState) => dispatch({ type: 'draftSet', draft: next });
  const change = (variant: Variant) => set(updateVariant(latestDraft.current, element, variant));

  function onBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    // The window itself lost focus (a file picker, another app): the editor still has it.
    if (!document.hasFocus()) return;
    const cleaned = removeInvalidEmpty(latestDraft.current, element);
    if (cleaned !== latestDraft.current) set(cleaned);
  }

  async function save() {
    setSaving(true);
    try {
      await actions.saveDraft();
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      className={styles.editor}
      aria-labelledby={headingId}
      onBlur={onBlur}
      data-testid="draft-editor"
    >
      <header className={styles.header}>
        <h3 className={styles.title} id={headingId}>
          {heading(draft)}
        </h3>
        {editMode.keepsResultsOf(source) ? (
          <p className={styles.description}>
            Saved variants keep their results: saving adds this as a new variant.
          </p>
        ) : null}
      </header>
      <ol className={styles.variants}>
        {draft.variants.map((variant, i) => (
          <li key={variant.id} onFocus={() => setFocusedId(variant.id)}>
            <DraftVariantFields
              element={element}
              variant={variant}
              position={i + 1}
              error={draft.errors[variant.id]}
              single={single}
              onChange={change}
              onRemove={
                draft.variants.length > 1
                  ? () => set(removeVariant(latestDraft.current, element, variant.id))
                  : undefined
              }
            />
          </li>
        ))}
      </ol>
      {single ? null : (
        <div className={styles.addRow} ref={addRowRef}>
          <Button
            variant="outline"
            color="secondary"
            size="sm"
            icon={<PlusIcon size={14} />}
            disabled={!canAdd}
            aria-describedby={canAdd ? undefined : `${headingId}-limit`}
            onClick={() => {
              focusAdded.current = true;
              dispatch({ type: 'draftAddVariant' });
            }}
          >
            Add another variant
          </Button>
          {canAdd ? null : (
            <p className={styles.hint} id={`${headingId}-limit`}>
              {DRAFT_MESSAGES.limit}
            </p>
          )}
        </div>
      )}
      <footer className={styles.footer}>
        <Button
          variant="outline"
          color="secondary"
          disabled={saving}
          onClick={() => void actions.cancelDraft()}
        >
          Cancel
        </Button>
        <Button loading={saving} loadingText="Saving…" onClick={() => void save()}>
          Save variants
        </Button>
      </footer>
    </section>
  );
}
