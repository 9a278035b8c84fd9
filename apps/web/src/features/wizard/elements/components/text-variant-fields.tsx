import type { TextElement, TextVariant } from '@kindling/domain';
import { TextAreaField } from '../../../../ui/field';
import { SegmentedControl } from '../../../../ui/segmented-control';
import { useCurrentTeam } from '../../../../lib/current-team';
import { setTextType } from '../state/draft-editor';
import { draftVariantDomId } from '../hooks/draft-focus';
import { StyleControls } from './style-controls';
import styles from './draft-editor.module.css';

interface TextVariantFieldsProps {
  element: TextElement;
  variant: TextVariant;
  position: number;
  errorId: string | undefined;
  onChange: (variant: TextVariant) => void;
}

const MODE_OPTIONS = [
  { value: 'normal', label: 'Normal' },
  { value: 'advanced', label: 'Advanced' },
] as const;

/** A text variant: its text (or HTML in advanced mode) and its styles. */
export function TextVariantFields(props: TextVariantFieldsProps) {
  const { element, variant, position, errorId, onChange } = props;
  const advancedAllowed = useCurrentTeam().featureFlags.includes('variant_advanced_mode');
  const { info } = variant;
  const advanced = info.textType === 'advanced';
  const invalid = errorId ? true : undefined;

  return (
    <div className={styles.text}>
      {advancedAllowed ? (
        <SegmentedControl
          legend={`Variant ${position} text mode`}
          name={`text-mode-${variant.id}`}
          value={advanced ? 'advanced' : 'normal'}
          options={MODE_OPTIONS}
          onChange={(textMode) =>
            onChange(setTextType(variant, textMode === 'advanced') as TextVariant)
          }
        />
      ) : null}
      {advanced ? (
        <TextAreaField
          id={draftVariantDomId(variant.id)}
          label="Variant HTML"
          aria-label={`Variant ${position} HTML`}
          hint="Shown only in the sandboxed preview and on your page."
          rows={4}
          spellCheck={false}
          className={styles.code}
          value={info.html ?? ''}
          aria-invalid={invalid}
          aria-describedby={errorId}
          onChange={(event) =>
            onChange({ ...variant, info: { ...info, html: event.target.value } })
          }
        />
      ) : (
        <TextAreaField
          id={draftVariantDomId(variant.id)}
          label="Variant text"
          aria-label={`Variant ${position} text`}
          rows={3}
          placeholder={element.control.info.value}
          value={info.value}
          aria-invalid={invalid}
          aria-describedby={errorId}
          onChange={(event) =>
            onChange({ ...variant, info: { ...info, value: event.target.value } })
          }
        />
      )}
      <StyleControls
        info={info}
        domStats={element.domStats}
        onChange={(next) => onChange({ ...variant, info: next })}
      />
    </div>
  );
}
