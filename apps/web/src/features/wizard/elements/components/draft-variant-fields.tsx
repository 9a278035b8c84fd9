import { isPageElement, type CampaignElement, type Variant } from '@kindling/domain';
import clsx from 'clsx';
import { Button } from '../../../../ui/button';
import { TrashIcon } from '../../../../ui/icons';
import { Switch } from '../../../../ui/switch';
import { ElementChangeFields } from './element-change-fields';
import { InsertBlockFields } from './insert-block-fields';
import { MoveFields } from './move-fields';
import { RedirectFields } from './redirect-fields';
import { VariantCodeFields } from './variant-code-fields';
import { ImageVariantFields } from './image-variant-fields';
import { TextVariantFields } from './text-variant-fields';
import styles from './draft-editor.module.css';

interface DraftVariantFieldsProps {
  element: CampaignElement;
  variant: Variant;
  position: number;
  /** Shown after the first save attempt (spec section 4, "Draft editor"). */
  error: string | undefined;
  /** Editing one suggestion keeps a single variant. */
  single: boolean;
  onChange: (variant: Variant) => void;
  onRemove: (() => void) | undefined;
}

/** One draft variant, its fields and its error. */
export function DraftVariantFields(props: DraftVariantFieldsProps) {
  const { element, variant, position, error, onChange, onRemove } = props;
  const errorId = error ? `draft-variant-error-${variant.id}` : undefined;
  const name = `Variant ${position}`;

  return (
    <fieldset
      className={clsx(styles.variant, error && styles.variantInvalid)}
      data-testid="draft-variant"
      data-variant-id={variant.id}
    >
      <legend className="visually-hidden">{name}</legend>
      <div className={styles.variantHeader} aria-hidden="true">
        <span className={styles.variantName}>{name}</span>
      </div>
      {onRemove ? (
        <Button
          variant="ghost"
          color="secondary"
          size="sm"
          className={styles.removeVariant}
          aria-label={`Remove variant ${position}`}
          title={`Remove variant ${position}`}
          icon={<TrashIcon size={14} />}
          onClick={onRemove}
        />
      ) : null}
      {isPageElement(element) && variant.type === 'text' ? (
        <RedirectFields
          variant={variant}
          position={position}
          errorId={errorId}
          onChange={onChange}
        />
      ) : (
        <ElementFields {...props} errorId={errorId} />
      )}
      {error ? (
        <p id={errorId} className={styles.error} role="alert" data-testid="draft-variant-error">
          {error}
        </p>
      ) : null}
      {/* After the error: saving focuses the content field, and the message must show with it. */}
      {variant.info.hidden || isPageElement(element) ? null : (
        <>
          <ElementChangeFields
            element={element}
            variant={variant}
            position={position}
            onChange={onChange}
          />
          <InsertBlockFields variant={variant} position={position} onChange={onChange} />
          <MoveFields element={element} variant={variant} position={position} onChange={onChange} />
          <VariantCodeFields variant={variant} position={position} onChange={onChange} />
        </>
      )}
    </fieldset>
  );
}

/** An element's variant: hidden, or its text or image. */
function ElementFields(props: DraftVariantFieldsProps & { errorId: string | undefined }) {
  const { element, variant, position, errorId, single, onChange } = props;
  return (
    <>
      <Switch
        label="Hide this element"
        showLabel
        size="sm"
        checked={variant.info.hidden === true}
        onCheckedChange={(hidden) =>
          onChange({
            ...variant,
            info: { ...variant.info, hidden: hidden || undefined },
          } as Variant)
        }
        data-testid="draft-variant-hidden"
      />
      {variant.info.hidden ? (
        <p className={styles.hiddenNote}>
          Visitors who get this variant do not see the element at all.
        </p>
      ) : variant.type === 'text' && element.type === 'text' ? (
        <TextVariantFields
          element={element}
          variant={variant}
          position={position}
          errorId={errorId}
          onChange={onChange}
        />
      ) : variant.type === 'image' ? (
        <ImageVariantFields
          elementId={element.id}
          variant={variant}
          position={position}
          multiple={!single}
          errorId={errorId}
        />
      ) : null}
    </>
  );
}
