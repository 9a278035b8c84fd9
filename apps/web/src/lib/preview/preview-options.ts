import type { PreviewMode } from '@kindling/page-runtime';

export type PreviewSize = 'mobile' | 'tablet' | 'desktop';

/** Frame width in CSS pixels; desktop fills the pane. */
export const SIZE_WIDTH: Record<PreviewSize, number | undefined> = {
  mobile: 375,
  tablet: 768,
  desktop: undefined,
};

export const SIZE_OPTIONS: readonly { value: PreviewSize; label: string }[] = [
  { value: 'mobile', label: 'Mobile' },
  { value: 'tablet', label: 'Tablet' },
  { value: 'desktop', label: 'Desktop' },
];

/** The editor chooses among these; CampaignPreview belongs to the campaign screens. */
export type EditorMode = Exclude<PreviewMode, 'CampaignPreview'>;

export const MODE_OPTIONS: readonly { value: EditorMode; label: string }[] = [
  { value: 'ClosePopups', label: 'Close pop-ups' },
  { value: 'EditElements', label: 'Edit elements' },
  { value: 'EditGoals', label: 'Edit goals' },
];
