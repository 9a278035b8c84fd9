import type {
  CampaignElement,
  ImageElement,
  ImageVariant,
  TextElement,
  TextVariant,
  TextVariantInfo,
  VariantMarker,
} from '@kindling/domain';
import { editModeFor, type EditMode } from './edit-mode';
import type { StepContext } from './step-rules';

// Builders shared by the wizard state tests (test-only; nothing in the app imports this).

export const RED = 0xff0000ff;
export const BLUE = 0x0000ffff;

export function textInfo(patch: Partial<TextVariantInfo> = {}): TextVariantInfo {
  return { value: '', textType: 'normal', styles: [], creationMethod: 'custom', ...patch };
}

export function textVariant(
  id: number,
  patch: Partial<TextVariantInfo> = {},
  marker?: VariantMarker,
): TextVariant {
  return {
    id,
    key: `k${id}`,
    type: 'text',
    isEnabled: true,
    ...(marker ? { marker } : {}),
    info: textInfo(patch),
  };
}

export function imageVariant(id: number, src: string, marker?: VariantMarker): ImageVariant {
  return {
    id,
    key: `k${id}`,
    type: 'image',
    isEnabled: true,
    ...(marker ? { marker } : {}),
    info: { src },
  };
}

export function textElement(
  id: number,
  variants: TextVariant[] = [],
  original = 'Buy now',
  selector = `#el${id}`,
): TextElement {
  return {
    id,
    selector,
    key: `e${id}`,
    type: 'text',
    control: { info: textInfo({ value: original }) },
    variants,
  };
}

export function imageElement(
  id: number,
  variants: ImageVariant[] = [],
  src = 'https://example.com/original.png',
): ImageElement {
  return {
    id,
    selector: `#img${id}`,
    key: `e${id}`,
    type: 'image',
    control: { info: { src } },
    variants,
  };
}

/** `mode` picks the edit mode's step flags; create mode unless given. */
export function stepContext({
  mode = 'create',
  ...patch
}: Partial<StepContext> & { mode?: EditMode } = {}): StepContext {
  const elements: CampaignElement[] = [textElement(1, [textVariant(11, { value: 'Buy today' })])];
  return {
    editMode: editModeFor(mode),
    current: 'EditElements',
    previewLoaded: true,
    hasSeenModeHelp: true,
    screenshotRequested: true,
    screenshotOutdated: false,
    goalsConfirmed: false,
    elements,
    goalCount: 1,
    page: 'ok',
    brokenPageAccepted: false,
    ...patch,
  };
}
