import {
  changesLinkOrAttributes,
  VARIANT_ATTRIBUTE_LABELS,
  VARIANT_ATTRIBUTES,
  type CampaignElement,
  type Variant,
  type VariantAttribute,
} from '@kindling/domain';
import { TextField } from '../../../../ui/field';
import styles from './draft-editor.module.css';

interface ElementChangeFieldsProps {
  element: CampaignElement;
  variant: Variant;
  position: number;
  onChange: (variant: Variant) => void;
}

/** Which attributes an element of this tag offers; all of them when its tag is unknown. */
function attributesFor(tag: string | undefined, type: CampaignElement['type']) {
  return VARIANT_ATTRIBUTES.filter((name) => {
    if (name === 'alt') return type === 'image' || tag === 'img' || tag === undefined;
    if (name === 'placeholder') return tag === 'input' || tag === 'textarea' || tag === undefined;
    return true;
  });
}

/**
 * A variant's new link address and attribute values (issue 32), folded away until opened. An
 * empty field leaves the page's own value.
 */
export function ElementChangeFields({
  element,
  variant,
  position,
  onChange,
}: ElementChangeFieldsProps) {
  const tag = element.fingerprint?.tag;
  const { info } = variant;
  const set = (patch: Partial<Variant['info']>) =>
    onChange({ ...variant, info: { ...info, ...patch } } as Variant);
  const setAttribute = (name: VariantAttribute, value: string) => {
    const { [name]: _old, ...others } = info.attributes ?? {};
    const attributes = value === '' ? others : { ...others, [name]: value };
    set({ attributes: Object.keys(attributes).length > 0 ? attributes : undefined });
  };

  return (
    <details
      className={styles.changes}
      open={changesLinkOrAttributes(variant) || undefined}
      data-testid="element-changes"
    >
      <summary>Link and attributes</summary>
      <div className={styles.changeFields}>
        {tag === 'a' || tag === undefined ? (
          <TextField
            label="Link address"
            aria-label={`Variant ${position} link address`}
            hint="Where the link goes in this variant; empty keeps the page's own."
            inputMode="url"
            value={info.href ?? ''}
            onChange={(event) => set({ href: event.target.value || undefined })}
          />
        ) : null}
        {attributesFor(tag, element.type).map((name) => (
          <TextField
            key={name}
            label={VARIANT_ATTRIBUTE_LABELS[name]}
            aria-label={`Variant ${position} ${VARIANT_ATTRIBUTE_LABELS[name].toLowerCase()}`}
            value={info.attributes?.[name] ?? ''}
            onChange={(event) => setAttribute(name, event.target.value)}
          />
        ))}
      </div>
    </details>
  );
}
