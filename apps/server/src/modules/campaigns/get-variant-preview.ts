import {
  elementLabel,
  previewArmName,
  VARIANT_PREVIEW_MESSAGES,
  type Arm,
  type ElementFingerprint,
} from '@kindling/domain';
import {
  servedMutations,
  variantMutations,
  type PageMutation,
} from '@kindling/page-runtime/variant-mutations';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { getCampaign } from './get-campaigns';
import { absoluteUploads } from './get-tracker-config';

/** One arm of one element as a preview shows it: the page, the element and its mutations. */
export interface VariantPreview {
  campaignId: number;
  /** The campaign's page. */
  url: string;
  elementId: number;
  arm: Arm;
  selector: string;
  fingerprint?: ElementFingerprint;
  /** Empty for the original. */
  mutations: PageMutation[];
  /** "Heading “Build faster”", else "Text 1" (as the campaign page names it). */
  elementName: string;
  /** "Original", "Variant 2". */
  armName: string;
}

/**
 * The arm `arm` of element `elementId` of the team's campaign, enabled or not (a preview is
 * how people check a variant before it runs). 404 for anything not in this team's campaign.
 */
export async function getVariantPreview(
  services: { db: Db },
  input: {
    teamId: number;
    campaignId: number;
    elementId: number;
    arm: Arm;
    filesOrigin: string;
    /** ALLOW_VARIANT_CODE: a preview shows what the tracker would serve. */
    allowCode: boolean;
  },
): Promise<VariantPreview> {
  const campaign = await getCampaign(services, { teamId: input.teamId, id: input.campaignId });
  const index = campaign.elements.findIndex((element) => element.id === input.elementId);
  const element = campaign.elements[index];
  if (!element) throw notFound(VARIANT_PREVIEW_MESSAGES.elementNotFound);
  const position =
    input.arm === 'control'
      ? 'control'
      : element.variants.findIndex((variant) => variant.id === input.arm);
  const variant = position === 'control' ? undefined : element.variants[position];
  if (position !== 'control' && !variant) throw notFound(VARIANT_PREVIEW_MESSAGES.variantNotFound);
  const fallbackName = `${element.type === 'image' ? 'Image' : 'Text'} ${index + 1}`;
  return {
    campaignId: campaign.id,
    url: campaign.ingestedUrl,
    elementId: element.id,
    arm: input.arm,
    selector: element.selector,
    ...(element.fingerprint ? { fingerprint: element.fingerprint } : {}),
    mutations: variant
      ? servedMutations(input.allowCode)(
          variantMutations(element, variant).map(absoluteUploads(input.filesOrigin)),
        )
      : [],
    elementName: element.fingerprint ? elementLabel(element.fingerprint) : fallbackName,
    armName: previewArmName(position),
  };
}
