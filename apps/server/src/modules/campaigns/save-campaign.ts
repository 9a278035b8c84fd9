import { CAMPAIGN_INPUT_MESSAGES, normalizeUrl, type CampaignSave } from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../errors';
import { getEntitlements } from '../billing/get-entitlements';
import {
  assertSplitUrlAlone,
  assertVariantsMayBeStored,
  campaignVariantChecks,
} from './check-element-variants';
import { assertSelectorsParse, campaignSelectors } from './check-selectors';
import { assertElementModeKept, assertElementsMayChangeTogether } from './element-mode-guard';
import { CAMPAIGN_NOT_FOUND, getCampaign } from './get-campaigns';
import { recordServingPhase } from './record-serving-phase';
import { campaignHasVisitors, findCampaignSwitch, updateCampaign } from './repo';
import { assertMaySwitchOn } from './running-cap';
import { assertVariantCodeValid } from '../variant-code/check-variant-code';
import { NO_CODE_EDITOR, type CodeEditor } from '../variant-code/code-changes';
import { sanitizeElement } from './sanitize-variant-html';
import { withStoredFavicon } from './store-favicon';
import { campaignColumns, writeCampaignParts } from './write-campaign-parts';

export async function saveCampaign(
  { db, config }: { db: Db; config: Config },
  input: {
    teamId: number;
    campaign: CampaignSave;
    /** Who writes, for the variants' CSS and code; none may change without one. */
    editor?: CodeEditor;
  },
) {
  const { id } = input.campaign;
  const { teamId } = input;
  // Saving may switch a paused campaign on: that asks the team's plan as the switch does.
  const entitlements = input.campaign.isEnabled
    ? await getEntitlements({ db, config }, { teamId, nowMs: Date.now() })
    : null;
  const elements = input.campaign.elements.map(sanitizeElement);
  assertSplitUrlAlone(elements);
  assertVariantsMayBeStored(
    campaignVariantChecks(elements, normalizeUrl(input.campaign.ingestedUrl)),
  );
  assertVariantCodeValid(elements, normalizeUrl(input.campaign.ingestedUrl));
  assertSelectorsParse(campaignSelectors(elements, input.campaign.goals));
  assertElementsMayChangeTogether({ meta: input.campaign.meta, elements });
  // Fetched before the transaction: no row is locked while a site answers.
  const meta = await withStoredFavicon({ config }, { meta: input.campaign.meta });
  await db.transaction().execute(async (tx) => {
    const current = await findCampaignSwitch(tx, teamId, id);
    if (!current) throw notFound(CAMPAIGN_NOT_FOUND);
    if (entitlements && !current.isEnabled && !current.isDemo) {
      await assertMaySwitchOn(tx, { teamId, entitlements });
    }
    const method = input.campaign.statsMethod;
    if (method && method !== current.statsMethod && (await campaignHasVisitors(tx, teamId, id))) {
      const message = CAMPAIGN_INPUT_MESSAGES.methodLocked;
      throw validationError(message, { statsMethod: message });
    }
    await assertElementModeKept(tx, { teamId, id, campaign: { meta, elements } });
    const values = campaignColumns({
      ...input.campaign,
      meta,
      ingestedUrl: normalizeUrl(input.campaign.ingestedUrl),
    });
    // Turning auto-stop off or on again re-arms it (auto-stop.ts stops a campaign once).
    const autoStop = input.campaign.autoStop;
    if (autoStop !== undefined && autoStop !== current.autoStop) values.autoStoppedAt = null;
    if (!(await updateCampaign(tx, input.teamId, id, values))) throw notFound(CAMPAIGN_NOT_FOUND);
    await writeCampaignParts(
      { tx, teamId: input.teamId, campaignId: id, editor: input.editor ?? NO_CODE_EDITOR },
      { elements, goals: input.campaign.goals, extraMetrics: input.campaign.extraMetrics },
    );
    await recordServingPhase(tx, { teamId, campaignId: id });
  });
  return getCampaign({ db }, { teamId: input.teamId, id });
}
