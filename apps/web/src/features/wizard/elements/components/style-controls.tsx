import {
  pickSwatches,
  type DomStats,
  type TextVariantInfo,
  type VariantStyle,
  type VariantStyleType,
} from '@kindling/domain';
import { useMemo } from 'react';
import { Button } from '../../../../ui/button';
import { PlusIcon, TrashIcon } from '../../../../ui/icons';
import { defaultStyle, removeStyle, setStyle, STYLE_TYPES } from '../state/variant-styles';
import { STYLE_LABELS } from '../../../../lib/variant-style-names';
import { ColourControl } from './colour-control';
import { BoxField, NumberField } from './number-field';
import styles from './style-controls.module.css';

const PADDING_SIDES = [
  ['top', 'Top'],
  ['right', 'Right'],
  ['bottom', 'Bottom'],
  ['left', 'Left'],
] as const;

const RADIUS_CORNERS = [
  ['topLeft', 'Top left'],
  ['topRight', 'Top right'],
  ['bottomRight', 'Bottom right'],
  ['bottomLeft', 'Bottom left'],
] as const;

interface StyleControlProps {
  style: VariantStyle;
  swatches: readonly number[];
  onChange: (style: VariantStyle) => void;
}

function StyleControl({ style, swatches, onChange }: StyleControlProps) {
  const label = STYLE_LABELS[style.type];
  switch (style.type) {
    case 'textColor':
    case 'backgroundColor':
    case 'borderColor': {
      const { type } = style;
      return (
        <ColourControl
          label={label}
          value={style.value}
          swatches={swatches}
          onChange={(value) => onChange({ type, value })}
        />
      );
    }
    case 'fontSize':
    case 'borderWidth': {
      const { type } = style;
      return (
        <NumberField
          label={label}
          min={type === 'fontSize' ? 1 : 0}
          value={style.value}
          onChange={(value) => onChange({ type, value })}
        />
      );
    }
    case 'padding':
      return (
        <BoxField
          label={label}
          sides={PADDING_SIDES}
          value={style.value}
          onChange={(value) => onChange({ type: 'padding', value })}
        />
      );
    case 'borderRadius':
      return (
        <BoxField
          label={label}
          sides={RADIUS_CORNERS}
          value={style.value}
          onChange={(value) => onChange({ type: 'borderRadius', value })}
        />
      );
  }
}

interface StyleControlsProps {
  info: TextVariantInfo;
  domStats: DomStats | undefined;
  onChange: (info: TextVariantInfo) => void;
}

/** The styles a text variant changes; each can be added (from the page's value) or removed. */
export function StyleControls({ info, domStats, onChange }: StyleControlsProps) {
  const swatches = useMemo(() => (domStats ? pickSwatches(domStats) : []), [domStats]);
  const present = new Set<VariantStyleType>(info.styles.map((style) => style.type));
  const missing = STYLE_TYPES.filter((type) => !present.has(type));

  return (
    <div className={styles.styles}>
      {info.styles.map((style) => (
        <div key={style.type} className={styles.style} data-testid={`style-${style.type}`}>
          <StyleControl
            style={style}
            swatches={swatches}
            onChange={(next) => onChange(setStyle(info, next))}
          />
          <Button
            variant="ghost"
            color="secondary"
            size="sm"
            className={styles.remove}
            aria-label={`Remove ${STYLE_LABELS[style.type].toLowerCase()}`}
            title={`Remove ${STYLE_LABELS[style.type].toLowerCase()}`}
            icon={<TrashIcon size={14} />}
            onClick={() => onChange(removeStyle(info, style.type))}
          />
        </div>
      ))}
      {missing.length > 0 ? (
        <div className={styles.add} role="group" aria-label="Add a style">
          {missing.map((type) => (
            <button
              key={type}
              type="button"
              className={styles.addChip}
              aria-label={`Add ${STYLE_LABELS[type].toLowerCase()}`}
              onClick={() => onChange(setStyle(info, defaultStyle(type, domStats)))}
            >
              <PlusIcon size={12} />
              {STYLE_LABELS[type]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
