import { newCampaignStartsEnabled, normalizeUrl, type CampaignInput } from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { getEntitlements } from '../billing/get-entitlements';
import { refusalError } from '../billing/refusal-error';
import { discardCreatedDraft } from '../drafts/delete-draft';
import { getSubscription } from '../teams/get-subscription';
import {
  assertSplitUrlAlone,
  assertVariantsMayBeStored,
  campaignVariantChecks,
} from './check-element-variants';
import { assertSelectorsParse, campaignSelectors } from './check-selectors';
import { assertElementsMayChangeTogether } from './element-mode-guard';
import { recordServingPhase } from './record-serving-phase';
import { insertCampaign, type CampaignOrigin } from './repo';
import { switchOnRefusal } from './running-cap';
import { assertVariantCodeValid } from '../variant-code/check-variant-code';
import { NO_CODE_EDITOR, type CodeEditor } from '../variant-code/code-changes';
import { sanitizeElement } from './sanitize-variant-html';
import { withStoredFavicon } from './store-favicon';
import { campaignColumns, writeCampaignParts } from './write-campaign-parts';

export async function createCampaign(
  { db, config }: { db: Db; config: Config },
  input: {
    teamId: number;
    campaign: Omit<CampaignInput, 'isEnabled'> & { isEnabled?: boolean };
    /** The demo module's: a demo campaign, dated to its data. */
    origin?: CampaignOrigin;
    /** The draft it was built in: gone once the campaign exists, in the same transaction. */
    draftId?: number;
    /** Who writes, for the variants' CSS and code; none may be set without one. */
    editor?: CodeEditor;
  },
): Promise<{ id: number }> {
  // Html is sanitised first, so the duplicate check compares what will be stored.
  const elements = input.campaign.elements.map(sanitizeElement);
  assertSplitUrlAlone(elements);
  assertVariantsMayBeStored(
    campaignVariantChecks(elements, normalizeUrl(input.campaign.ingestedUrl)),
  );
  assertVariantCodeValid(elements, normalizeUrl(input.campaign.ingestedUrl));
  assertSelectorsParse(campaignSelectors(elements, input.campaign.goals));
  assertElementsMayChangeTogether({ meta: input.campaign.meta, elements });
  // Unless the caller says, by the rule of packages/domain, and only within the team's plan.
  const asked = input.campaign.isEnabled;
  const wanted =
    asked ?? newCampaignStartsEnabled(await getSubscription({ db }, { teamId: input.teamId }));
  const entitlements = wanted
    ? await getEntitlements({ db, config }, { teamId: input.teamId, nowMs: Date.now() })
    : null;
  // Fetched before the transaction: no row is locked while a site answers.
  const meta = await withStoredFavicon({ config }, { meta: input.campaign.meta });
  return db.transaction().execute(async (tx) => {
    let isEnabled = false;
    if (entitlements) {
      const refusal = await switchOnRefusal(tx, { teamId: input.teamId, entitlements });
      // Asked for on: refused. Defaulted on: starts paused instead, as without a subscription.
      if (refusal && asked) throw refusalError(refusal, 'CONFLICT');
      isEnabled = refusal === null;
    }
    const values = campaignColumns({
      ...input.campaign,
      meta,
      isEnabled,
      ingestedUrl: normalizeUrl(input.campaign.ingestedUrl),
    });
    const { id } = await insertCampaign(tx, input.teamId, values, input.origin);
    await writeCampaignParts(
      { tx, teamId: input.teamId, campaignId: id, editor: input.editor ?? NO_CODE_EDITOR },
      { elements, goals: input.campaign.goals, extraMetrics: input.campaign.extraMetrics },
    );
    if (input.draftId !== undefined) {
      await discardCreatedDraft(tx, { teamId: input.teamId, id: input.draftId });
    }
    await recordServingPhase(tx, {
      teamId: input.teamId,
      campaignId: id,
      ...(input.origin?.createdAt ? { at: input.origin.createdAt } : {}),
    });
    return { id };
  });
}
