import { isPageElement, type CampaignElement, type Variant } from '@kindling/domain';
import clsx from 'clsx';
import { labelOf } from '../../../../lib/campaign-names';
import { Badge } from '../../../../ui/badge';
import { EmptyState } from '../../../../ui/empty-state';
import { ImageIcon } from '../../../../ui/icons';
import { Button } from '../../../../ui/button';
import { usePreviewControls } from '../../hooks/preview-controls';
import { useWizardStore } from '../../hooks/wizard-store';
import { useElementsStore } from '../hooks/use-elements-store';
import { elementTypeLabel } from './element-side-menu';
import { VariantSummary } from '../../../../ui/variant-summary';
import styles from './element-list.module.css';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function counts(element: CampaignElement): string {
  const variants: readonly Variant[] = element.variants;
  const suggested = variants.filter((variant) => variant.marker === 'suggested').length;
  const parts = [plural(variants.length - suggested, 'variant')];
  if (suggested > 0) parts.push(plural(suggested, 'suggestion'));
  return parts.join(' · ');
}

/** The campaign's elements as cards; choosing one opens it in the side menu. */
export function ElementList() {
  const { state, dispatch } = useElementsStore();
  const { state: wizard } = useWizardStore();
  const preview = usePreviewControls();

  if (state.elements.length === 0) {
    return (
      <EmptyState
        icon={<ImageIcon />}
        title="No elements yet"
        description="Click text or an image in the preview to start testing it. Or test this page against another page of your site: a split URL test sends part of its visitors there."
        action={
          <Button
            variant="outline"
            onClick={() => dispatch({ type: 'addPage', url: wizard.ingestedUrl })}
          >
            Test another address (split URL)
          </Button>
        }
      />
    );
  }

  function open(element: CampaignElement) {
    dispatch({ type: 'openElement', elementId: element.id });
    preview.focus(element);
  }

  return (
    <>
      <ul className={styles.list} aria-label="Elements" data-testid="element-list">
        {state.elements.map((element, i) => {
          const active = element.id === state.activeElementId;
          // An open draft belongs to its element: save or cancel it before switching.
          const locked = state.draft !== undefined && state.draft.elementId !== element.id;
          return (
            <li key={element.id}>
              <button
                type="button"
                className={clsx(styles.card, active && styles.active)}
                aria-current={active ? 'true' : undefined}
                disabled={locked}
                title={locked ? 'Save or cancel the open draft first' : undefined}
                onClick={() => open(element)}
                data-testid="element-card"
                data-element-id={element.id}
              >
                <span className={styles.top}>
                  <span className={styles.type}>
                    {elementTypeLabel(element)} {i + 1}
                  </span>
                  {state.draft?.elementId === element.id ? (
                    <Badge tone="warning">Unsaved</Badge>
                  ) : null}
                </span>
                {labelOf(element) ? (
                  <span className={styles.label}>
                    {labelOf(element)}
                    <code className={styles.selector}>{element.selector}</code>
                  </span>
                ) : null}
                <VariantSummary
                  info={element.control.info}
                  alt={`${elementTypeLabel(element)} ${i + 1}`}
                  compact
                />
                <span className={styles.counts}>{counts(element)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {state.elements.some(isPageElement) ? (
        <p className={styles.note}>
          A split URL test sends visitors to other addresses: it changes no element of the page.
        </p>
      ) : null}
    </>
  );
}
