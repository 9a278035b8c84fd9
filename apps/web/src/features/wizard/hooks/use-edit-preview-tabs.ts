import { useState } from 'react';
import { useBelow } from '../../../lib/breakpoints';

export type WizardTab = 'edit' | 'preview';

export const WIZARD_TABS = [
  { value: 'edit', label: 'Edit' },
  { value: 'preview', label: 'Preview' },
] as const satisfies readonly { value: WizardTab; label: string }[];

/**
 * On a phone the step panel and the preview share the screen as tabs (stacked, the preview sat
 * a screen below the editor). `tabs` is false on wider screens, where both show side by side.
 */
export function useEditPreviewTabs(activeElementId: number | undefined) {
  const tabs = useBelow('phone');
  const [tab, setTab] = useState<WizardTab>('edit');
  // An element picked in the preview opens its editor: show it.
  const [openElement, setOpenElement] = useState(activeElementId);
  if (openElement !== activeElementId) {
    setOpenElement(activeElementId);
    if (activeElementId !== undefined) setTab('edit');
  }
  return { tabs, tab, setTab };
}
