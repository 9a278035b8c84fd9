import { previewArmName, type Campaign, type TrackerCampaign } from '@kindling/domain';
import type { PageMutation } from '@kindling/page-runtime/variant-mutations';

/**
 * The campaign's served config with its name and its variants' names ("Variant 2", as the app
 * names them), for a team that forwards exposures by name (issue 33). Public from then on: the
 * config is served without sign-in, and the page's other scripts read what is forwarded.
 */
export function withNames(
  served: TrackerCampaign<PageMutation>,
  campaign: Campaign,
): TrackerCampaign<PageMutation> {
  return {
    ...served,
    name: campaign.name,
    elements: served.elements.map((element) => {
      const all = campaign.elements.find((candidate) => candidate.id === element.id)?.variants;
      return {
        ...element,
        variants: element.variants.map((variant) => {
          const position = all?.findIndex((candidate) => candidate.id === variant.id) ?? -1;
          return position < 0 ? variant : { ...variant, name: previewArmName(position) };
        }),
      };
    }),
  };
}
