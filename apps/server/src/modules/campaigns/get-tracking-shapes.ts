import { funnelGoals, type PageRules } from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { findBurnerPageKeys } from '../pages/find-burner-page-keys';
import { getPageRulesOf } from '../targeting/get-page-rules';
import { loadTrackingRows } from './tracking-repo';

/** What an event may name in a campaign: its elements with their variants, its funnel. */
export interface TrackingShape {
  id: number;
  teamId: number;
  isEnabled: boolean;
  /** A demo campaign: its events are refused. */
  isDemo: boolean;
  /** An ended test: its events are counted apart (rollout views), never stored as results. */
  ended: boolean;
  /** Element id -> ids of its variants (enabled or not: queued events may name paused ones). */
  elements: Map<number, Set<number>>;
  /**
   * Goal ids in funnel order, up to and including the conversion goal (the one flagged as
   * such, else the last): the goals a session must reach in order to convert.
   */
  funnel: number[];
  /** Every goal id of the campaign, for checking events. */
  goals: Set<number>;
  /** The page the campaign was edited on (its ingested URL). */
  url: string;
  /** Its page rules (issue 31), null when it runs on `url` only: where its exposures come from. */
  pages: PageRules | null;
  /** On a Kindling burner page: the key its events must carry (see `eventSourceProblem`). */
  collectKey: string | null;
  /** Its team holds visitors out (global holdout): visitors and conversions are counted. */
  programme?: true;
}

export async function getTrackingShapes(
  { db, config }: { db: Db; config: Pick<Config, 'PAGES_ORIGIN' | 'PUBLIC_URL'> },
  { campaignIds }: { campaignIds: number[] },
): Promise<Map<number, TrackingShape>> {
  const rows = await loadTrackingRows(db, [...new Set(campaignIds)]);
  const keys = await findBurnerPageKeys({ db, config }, rows.campaigns);
  const pages = await getPageRulesOf({ db }, { campaignIds: rows.campaigns.map(({ id }) => id) });
  const shapes = new Map<number, TrackingShape>();
  for (const { id, teamId, isEnabled, isDemo, url, endedAt, holdoutPercent } of rows.campaigns) {
    shapes.set(id, {
      ...(holdoutPercent > 0 ? { programme: true as const } : {}),
      id,
      teamId,
      isEnabled,
      isDemo,
      ended: endedAt !== null,
      url,
      pages: pages.get(id) ?? null,
      elements: new Map(),
      funnel: [],
      goals: new Set(),
      collectKey: keys.get(id) ?? null,
    });
  }
  for (const row of rows.variants) {
    const elements = shapes.get(row.campaignId)!.elements;
    const variants = elements.get(row.elementId) ?? new Set<number>();
    if (row.variantId !== null) variants.add(row.variantId);
    elements.set(row.elementId, variants);
  }
  for (const goal of rows.goals) shapes.get(goal.campaignId)!.goals.add(goal.id);
  for (const shape of shapes.values()) {
    // Secondary and guardrail goals are counted, but are no steps of the funnel.
    const ordered = rows.goals.filter((goal) => goal.campaignId === shape.id);
    shape.funnel = funnelGoals(ordered).map((goal) => goal.id);
  }
  return shapes;
}
