import { CloseIcon } from '../../../../ui/icons';
import { isPageElement, type CampaignElement } from '@kindling/domain';
import { labelOf } from '../../../../lib/campaign-names';
import { Button } from '../../../../ui/button';
import { usePreviewControls } from '../../hooks/preview-controls';
import { useElementsStore } from '../hooks/use-elements-store';
import { findElement } from '../state/element-updates';
import { DraftEditor } from './draft-editor';
import { ElementVariants } from './element-variants';
import { VariantSummary } from '../../../../ui/variant-summary';
import styles from './element-side-menu.module.css';

const ELEMENT_TYPE_LABEL: Record<CampaignElement['type'], string> = {
  text: 'Text element',
  image: 'Image element',
};

/** "Text element", "Image element", or a split-URL test's page (issue 32). */
export const elementTypeLabel = (element: CampaignElement): string =>
  isPageElement(element) ? 'Split URL test' : ELEMENT_TYPE_LABEL[element.type];

/** The original, selectable like a variant: choosing it shows the page unchanged. */
function OriginalCard({ element }: { element: CampaignElement }) {
  const { state, dispatch } = useElementsStore();
  const preview = usePreviewControls();
  const selected = state.selectedVariants[element.id] === undefined && !state.draft;
  function showOriginal() {
    dispatch({ type: 'selectVariant', elementId: element.id, variantId: undefined });
    preview.showVariant(element, undefined);
  }
  return (
    <div className={styles.original}>
      <span className={styles.eyebrow} id={`original-${element.id}`}>
        Original
      </span>
      <button
        type="button"
        className={styles.originalButton}
        aria-pressed={selected}
        aria-describedby={`original-${element.id}`}
        onClick={showOriginal}
        disabled={state.draft?.elementId === element.id}
        data-testid="original-variant"
      >
        <VariantSummary info={element.control.info} alt="Original image" compact />
      </button>
    </div>
  );
}

/**
 * The side-menu overlay of spec section 2 ("Editor panels") for the active element: its
 * original, suggestions and variants, or the draft editor while one is open.
 */
export function ElementSideMenu() {
  const { state, dispatch } = useElementsStore();
  const element = findElement(state, state.activeElementId);
  if (!element) return null;
  const draft = state.draft?.elementId === element.id ? state.draft : undefined;
  const headingId = `element-side-menu-${element.id}`;

  return (
    <aside className={styles.menu} aria-labelledby={headingId} data-testid="element-side-menu">
      <header className={styles.header}>
        <div className={styles.titleBlock}>
          <h2 className={styles.title} id={headingId}>
            {labelOf(element) ?? elementTypeLabel(element)}
          </h2>
          <code className={styles.selector} title={element.selector}>
            {element.selector}
          </code>
        </div>
        <Button
          variant="ghost"
          color="secondary"
          size="sm"
          aria-label="Close"
          icon={<CloseIcon />}
          onClick={() => dispatch({ type: 'openElement', elementId: undefined })}
        />
      </header>
      <div className={styles.body}>
        <OriginalCard element={element} />
        {draft ? (
          <DraftEditor key={draft.initial} element={element} draft={draft} />
        ) : (
          <ElementVariants element={element} />
        )}
      </div>
    </aside>
  );
}
