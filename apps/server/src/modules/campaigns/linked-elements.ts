import { linkedPartners, type Campaign, type TrackerElement } from '@kindling/domain';
import type { PageMutation } from '@kindling/page-runtime/variant-mutations';

/**
 * Elements changed together (issue 35): every element but the first follows the first's draw
 * (`bucketWith`), each of its served variants naming the lead's variant it is shown with. A
 * follower's own weights are left out: the lead's draw decides the arm.
 */
export function linkElements(
  campaign: Pick<Campaign, 'meta' | 'elements'>,
  elements: TrackerElement<PageMutation>[],
): TrackerElement<PageMutation>[] {
  const [lead] = campaign.elements;
  if (campaign.meta.linkedElements !== true || !lead) return elements;
  const partners = linkedPartners(campaign.elements);
  return elements.map((element) => {
    const partnerOf = partners.get(element.id);
    if (!partnerOf) return element;
    const { controlWeight: _controlWeight, ...rest } = element;
    return {
      ...rest,
      bucketWith: lead.id,
      variants: element.variants.flatMap(({ weight: _weight, ...variant }) => {
        const partner = partnerOf.get(variant.id);
        return partner === undefined ? [] : [{ ...variant, with: partner }];
      }),
    };
  });
}
