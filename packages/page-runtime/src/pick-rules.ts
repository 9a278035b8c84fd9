import { isClickable, isImage, isText } from './element-kind';
import type { PreviewMode } from './protocol';

/** What can be picked in each preview mode (spec section 2, modes table). */
export function selectableIn(mode: PreviewMode): ((element: Element) => boolean) | undefined {
  switch (mode) {
    case 'EditElements':
      return (element) => isImage(element) || isText(element);
    case 'EditGoals':
      return isClickable;
    case 'PickTarget':
      return (element) => element !== document.body && element !== document.documentElement;
    case 'ClosePopups':
    case 'CampaignPreview':
      return undefined;
  }
}
