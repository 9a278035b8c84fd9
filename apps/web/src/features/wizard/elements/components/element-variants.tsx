import {
  canAddDraftVariant,
  isPageElement,
  type CampaignElement,
  type ImageElement,
  type TextElement,
  type Variant,
} from '@kindling/domain';
import { Button } from '../../../../ui/button';
import { PlusIcon, TrashIcon } from '../../../../ui/icons';
import { useEditMode } from '../../hooks/edit-mode-context';
import { useAiImages, type AiImages } from '../hooks/use-ai-images';
import { useAiText, type AiText } from '../hooks/use-ai-text';
import { useElementsStore } from '../hooks/use-elements-store';
import { useVariantActions } from '../hooks/variant-actions';
import { DRAFT_MESSAGES } from '../state/draft-editor';
import { AiImagePanel } from './ai-image-panel';
import { AiTextSuggestions } from './ai-text-suggestions';
import { VariantGroup } from './variant-group';
import { VariantRow } from './variant-row';
import styles from './element-side-menu.module.css';

/** The element's suggestions and variants, with "Add variant" and "Delete element". */
export function ElementVariants({ element }: { element: CampaignElement }) {
  // A split-URL test's variants are addresses: no AI text for them.
  if (isPageElement(element)) return <VariantLists element={element} />;
  return element.type === 'text' ? (
    <TextElementVariants element={element} />
  ) : (
    <ImageElementVariants element={element} />
  );
}

/** An image element gets AI images: suggestions, the generate and modify panels. */
function ImageElementVariants({ element }: { element: ImageElement }) {
  const images = useAiImages(element);
  return <VariantLists element={element} images={images} />;
}

/** A text element also gets AI suggestions, and "Suggest similar" on each variant. */
function TextElementVariants({ element }: { element: TextElement }) {
  const ai = useAiText(element);
  return <VariantLists element={element} ai={ai} />;
}

function VariantLists({
  element,
  ai,
  images,
}: {
  element: CampaignElement;
  ai?: AiText;
  images?: AiImages;
}) {
  const { dispatch } = useElementsStore();
  const actions = useVariantActions();
  const editMode = useEditMode();
  const all: readonly Variant[] = element.variants;
  const suggestions = all.filter((variant) => variant.marker === 'suggested');
  const saved = all.filter((variant) => variant.marker !== 'suggested');
  const canAdd = canAddDraftVariant(all);
  const limitHintId = `add-variant-limit-${element.id}`;

  return (
    <>
      {suggestions.length > 0 ? (
        <VariantGroup
          element={element}
          group="suggested"
          variantIds={suggestions.map((variant) => variant.id)}
          title="Suggestions"
        >
          {suggestions.map((variant, i) => (
            <VariantRow
              key={variant.id}
              element={element}
              variant={variant}
              position={i + 1}
              ai={ai}
            />
          ))}
        </VariantGroup>
      ) : null}
      <VariantGroup
        element={element}
        group="saved"
        variantIds={saved.map((variant) => variant.id)}
        title="Variants"
      >
        {saved.length === 0 ? (
          <li className={styles.empty}>
            No variants yet. Add one to test it against the original.
          </li>
        ) : (
          saved.map((variant, i) => (
            <VariantRow
              key={variant.id}
              element={element}
              variant={variant}
              position={i + 1}
              ai={ai}
            />
          ))
        )}
      </VariantGroup>
      {ai ? (
        <AiTextSuggestions ai={ai} elementId={element.id} hasSuggestions={suggestions.length > 0} />
      ) : null}
      {images ? <AiImagePanel ai={images} elementId={element.id} /> : null}
      <div className={styles.footer}>
        <Button
          variant="outline"
          icon={<PlusIcon size={16} />}
          fullWidth
          disabled={!canAdd}
          aria-describedby={canAdd ? undefined : limitHintId}
          onClick={() =>
            dispatch({ type: 'openDraft', elementId: element.id, draftType: 'Default' })
          }
        >
          Add variant
        </Button>
        {canAdd ? null : (
          <p className={styles.hint} id={limitHintId}>
            {DRAFT_MESSAGES.limit}
          </p>
        )}
        {editMode.changesElements ? (
          <Button
            variant="ghost"
            color="danger"
            size="sm"
            icon={<TrashIcon size={16} />}
            onClick={() => void actions.deleteElement(element.id)}
          >
            Delete element
          </Button>
        ) : null}
      </div>
    </>
  );
}
