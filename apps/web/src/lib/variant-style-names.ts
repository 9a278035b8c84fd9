import type { VariantStyleType } from '@kindling/domain';

/** What each style a variant may change is called on screen. */
export const STYLE_LABELS: Record<VariantStyleType, string> = {
  textColor: 'Text colour',
  backgroundColor: 'Background colour',
  borderColor: 'Border colour',
  fontSize: 'Font size',
  borderWidth: 'Border width',
  padding: 'Padding',
  borderRadius: 'Border radius',
};

export type ColourStyleType = 'textColor' | 'backgroundColor' | 'borderColor';
export const isColourStyle = (type: VariantStyleType): type is ColourStyleType =>
  type === 'textColor' || type === 'backgroundColor' || type === 'borderColor';
