import {
  emptyDomStats,
  type BorderRadius,
  type DomStats,
  type Padding,
  type TextVariantInfo,
  type VariantStyle,
  type VariantStyleType,
} from '@kindling/domain';

// Adding, changing and removing one style of a text variant (spec section 3, "Style types").

export const STYLE_TYPES = [
  'textColor',
  'backgroundColor',
  'borderColor',
  'fontSize',
  'borderWidth',
  'padding',
  'borderRadius',
] as const satisfies readonly VariantStyleType[];

const OPAQUE_BLACK = 0x000000ff;
const OPAQUE_WHITE = 0xffffffff;
const ZERO_PADDING: Padding = { top: 0, right: 0, bottom: 0, left: 0 };
const ZERO_RADIUS: BorderRadius = { topLeft: 0, topRight: 0, bottomLeft: 0, bottomRight: 0 };

const EMPTY_STATS: DomStats = emptyDomStats();

/** A new style starts from what the element shows on the page, so adding it changes nothing yet. */
export function defaultStyle(type: VariantStyleType, domStats = EMPTY_STATS): VariantStyle {
  switch (type) {
    case 'textColor':
      return { type, value: domStats.textColor[0]?.value ?? OPAQUE_BLACK };
    case 'backgroundColor':
      return { type, value: domStats.backgroundColor[0]?.value ?? OPAQUE_WHITE };
    case 'borderColor':
      return { type, value: domStats.borderColor[0]?.value ?? OPAQUE_BLACK };
    case 'fontSize':
      return { type, value: domStats.fontSize[0]?.size || 16 };
    case 'borderWidth':
      return { type, value: domStats.borderWidth[0]?.width ?? 1 };
    case 'padding':
      return { type, value: domStats.padding[0] ?? ZERO_PADDING };
    case 'borderRadius':
      return { type, value: domStats.borderRadius[0] ?? ZERO_RADIUS };
  }
}

export const findStyle = <T extends VariantStyleType>(
  info: Pick<TextVariantInfo, 'styles'>,
  type: T,
): Extract<VariantStyle, { type: T }> | undefined =>
  info.styles.find((style): style is Extract<VariantStyle, { type: T }> => style.type === type);

/** Replaces the style of the same type, or appends it (in STYLE_TYPES order). */
export function setStyle<I extends TextVariantInfo>(info: I, style: VariantStyle): I {
  const others = info.styles.filter((existing) => existing.type !== style.type);
  const styles = [...others, style].sort(
    (a, b) => STYLE_TYPES.indexOf(a.type) - STYLE_TYPES.indexOf(b.type),
  );
  return { ...info, styles };
}

export function removeStyle<I extends TextVariantInfo>(info: I, type: VariantStyleType): I {
  return { ...info, styles: info.styles.filter((style) => style.type !== type) };
}
