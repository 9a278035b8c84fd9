import type { PreviewMode } from '@kindling/page-runtime';

export type PreviewSize = 'mobile' | 'tablet' | 'desktop';

/** The viewport width each device is rendered at, in CSS pixels (then scaled to the pane). */
export const SIZE_WIDTH: Record<PreviewSize, number> = {
  mobile: 375,
  tablet: 768,
  desktop: 1280,
};

export const SIZE_LABEL: Record<PreviewSize, string> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  desktop: 'Desktop',
};

export const SIZE_OPTIONS: readonly { value: PreviewSize; label: string }[] = (
  ['mobile', 'tablet', 'desktop'] as const
).map((value) => ({ value, label: SIZE_LABEL[value] }));

/**
 * The editor chooses among these; CampaignPreview belongs to the campaign screens, PickTarget
 * to a move's "Pick in preview".
 */
export type EditorMode = Exclude<PreviewMode, 'CampaignPreview' | 'PickTarget'>;

export const MODE_OPTIONS: readonly { value: EditorMode; label: string }[] = [
  { value: 'ClosePopups', label: 'Close pop-ups' },
  { value: 'EditElements', label: 'Edit elements' },
  { value: 'EditGoals', label: 'Edit goals' },
];
