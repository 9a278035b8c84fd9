import {
  campaignInputSchema,
  DEMO_MESSAGES,
  DEMO_DATA_START_MS,
  DEMO_EXPERIMENT,
  generateDemoRollups,
  type Campaign,
  type DemoRollup,
} from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { createCampaign } from '../campaigns/create-campaign';
import { deleteCampaign } from '../campaigns/delete-campaign';
import { getCampaign } from '../campaigns/get-campaigns';
import { addCampaignRollups } from '../collect/add-campaign-rollups';
import type { RollupRow } from '../collect/rollup-plan';
import { DEMO_CAMPAIGN } from './demo-campaign';

/**
 * The generated rows are the same on every call (one seed) and take about a second of CPU to
 * make: made once per process, not on the event loop of every POST /campaign/demo.
 */
let demoRollups: readonly DemoRollup[] | undefined;
const demoRows = (): readonly DemoRollup[] => (demoRollups ??= generateDemoRollups());

/** The control is arm 0 and counts without a goal are goal 0, as the collector stores them. */
const CONTROL_ARM = 0;
const NO_GOAL = 0;

/** The generated rows with the stored campaign's element, variant and goal ids. */
function withStoredIds(campaign: Campaign, rows: readonly DemoRollup[]): RollupRow[] {
  const elements = DEMO_EXPERIMENT.elements.map(({ armLifts }, index) => {
    const element = campaign.elements[index];
    if (element?.variants.length !== armLifts.length - 1) {
      throw new Error('The demo campaign does not match DEMO_EXPERIMENT');
    }
    return { id: element.id, arms: [CONTROL_ARM, ...element.variants.map((v) => v.id)] };
  });
  if (campaign.goals.length !== DEMO_EXPERIMENT.funnelLength) {
    throw new Error('The demo campaign does not match DEMO_EXPERIMENT');
  }
  return rows.map(({ element, arm, goal, ...counts }) => ({
    ...counts,
    campaignId: campaign.id,
    elementId: elements[element]!.id,
    arm: elements[element]!.arms[arm]!,
    goalId: goal === null ? NO_GOAL : campaign.goals[goal]!.id,
  }));
}

/**
 * Adds the demo campaign to a team: real elements, variants and goals, flagged as a demo (never
 * served, takes no events), dated from its first day of data, with its generated statistics in
 * the rollups. Off by default: it has nothing to run on.
 */
export async function createDemoCampaign(
  { db, config }: { db: Db; config: Config },
  { teamId }: { teamId: number },
): Promise<{ id: number }> {
  // One demo per team (a partial unique index): the empty list offers it once, and every demo
  // holds thousands of rollup rows.
  const { id } = await createCampaign(
    { db, config },
    {
      teamId,
      campaign: { ...campaignInputSchema.parse(DEMO_CAMPAIGN), isEnabled: false },
      origin: { isDemo: true, createdAt: new Date(DEMO_DATA_START_MS) },
    },
  ).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', DEMO_MESSAGES.alreadyAdded);
    throw error;
  });
  try {
    const campaign = await getCampaign({ db }, { teamId, id });
    const rows = withStoredIds(campaign, demoRows());
    await addCampaignRollups({ db }, { teamId, campaignId: id, rows });
  } catch (error) {
    // No demo without its data: the campaign goes again (its rollups with it).
    await deleteCampaign({ db }, { teamId, id });
    throw error;
  }
  return { id };
}
