import type {
  BorderRadius,
  Padding,
  VariantAttribute,
  VariantInsertPosition,
  VariantMovePosition,
} from '@kindling/domain';

// Page mutations of spec section 3. The preview agent receives them as messages and the
// live-site tracker will apply the same objects, so they carry their own target selector.

export interface TextValueMutation {
  type: 'textValue';
  selector: string;
  value: string;
  /** Advanced text: inline formatting, sanitised before it reaches the page. */
  html?: string;
}

export interface ColorMutation {
  type: 'textColor' | 'backgroundColor' | 'borderColor';
  selector: string;
  /** Packed 32-bit RGBA (domain colour). */
  value: number;
}

export interface LengthMutation {
  type: 'fontSize' | 'borderWidth';
  selector: string;
  /** CSS pixels. */
  value: number;
}

export interface PaddingMutation {
  type: 'padding';
  selector: string;
  value: Padding;
}

export interface BorderRadiusMutation {
  type: 'borderRadius';
  selector: string;
  value: BorderRadius;
}

export interface ImageSrcMutation {
  type: 'imageSrc';
  selector: string;
  src: string;
}

export interface ReplaceContentMutation {
  type: 'replaceContent';
  selector: string;
  html: string;
}

/** A link's new address (issue 32); applied only when the domain's link rule takes it. */
export interface LinkMutation {
  type: 'link';
  selector: string;
  href: string;
}

/** A new value of one of the attributes a variant may set (domain VARIANT_ATTRIBUTES). */
export interface AttributeMutation {
  type: 'attribute';
  selector: string;
  name: VariantAttribute;
  value: string;
}

/** A block of HTML inserted next to the element (issue 32), under the block profile. */
export interface InsertMutation {
  type: 'insert';
  selector: string;
  position: VariantInsertPosition;
  html: string;
}

/**
 * The element, or a copy of it (`copy`), moved before, after or inside the element `target`
 * names (issue 32), by the tracker's targeting part.
 */
export interface MoveMutation {
  type: 'move';
  selector: string;
  position: VariantMovePosition;
  target: string;
  copy?: boolean;
}

/** A split-URL test's variant (issue 32): the page's visitors are sent to `url`. */
export interface RedirectMutation {
  type: 'redirect';
  selector: string;
  url: string;
}

/**
 * A variant's stylesheet (issue 32): in the page's head while the variant's element is on the
 * page. Served only where the instance allows variant code (ALLOW_VARIANT_CODE).
 */
export interface CssMutation {
  type: 'css';
  selector: string;
  css: string;
}

/** A variant's script, run once its element holds the variant (`element` names it). */
export interface CodeMutation {
  type: 'code';
  selector: string;
  code: string;
}

export interface HideElementMutation {
  type: 'hideElement';
  selectors: string[];
}

/** Layout properties a "layout" element may change; anything else is ignored. */
export const LAYOUT_PROPERTIES = [
  'display',
  'flex-direction',
  'flex-wrap',
  'justify-content',
  'align-items',
  'gap',
  'grid-template-columns',
  'grid-template-rows',
  'order',
  'width',
  'max-width',
  'height',
  'margin',
  'text-align',
] as const;
export type LayoutProperty = (typeof LAYOUT_PROPERTIES)[number];

export interface LayoutMutation {
  type: 'layout';
  selector: string;
  styles: Partial<Record<LayoutProperty, string>>;
}

export type PageMutation =
  | TextValueMutation
  | ColorMutation
  | LengthMutation
  | PaddingMutation
  | BorderRadiusMutation
  | ImageSrcMutation
  | ReplaceContentMutation
  | HideElementMutation
  | LayoutMutation
  | LinkMutation
  | AttributeMutation
  | InsertMutation
  | MoveMutation
  | RedirectMutation
  | CssMutation
  | CodeMutation;

export type PageMutationType = PageMutation['type'];

export const PAGE_MUTATION_TYPES = [
  'textValue',
  'textColor',
  'fontSize',
  'backgroundColor',
  'borderColor',
  'borderWidth',
  'padding',
  'borderRadius',
  'imageSrc',
  'replaceContent',
  'hideElement',
  'layout',
  'link',
  'attribute',
  'insert',
  'move',
  'redirect',
  'css',
  'code',
] as const satisfies readonly PageMutationType[];

/**
 * The change types the tracker's targeting part applies (tracker/page-changes.ts): a config
 * holding one is served with the rules bundle, which fetches the part.
 */
export const PART_MUTATION_TYPES = [
  'redirect',
  'move',
  'css',
  'code',
] as const satisfies readonly PageMutationType[];

export type Undo = () => void;
