import {
  campaignMetrics,
  describeEnd,
  emptyBaseMetrics,
  faviconDataUrlSchema,
  reindexCampaign,
  variantMetrics,
  type Campaign,
  type CampaignElement,
  type CampaignSummary,
  type CampaignType,
  type Goal,
  type Variant,
} from '@kindling/domain';
import type { CampaignRow, ElementRow, GoalRow, VariantRow } from './repo';

// Events and their rollups arrive with the tracking issue; until a campaign has traffic its
// counters are genuinely zero, computed through the same domain functions the stats will use.
const noTraffic = () => campaignMetrics({ base: emptyBaseMetrics(), elements: [] });
const noTrafficVariant = () => variantMetrics(emptyBaseMetrics(), emptyBaseMetrics());

function baseFields(row: CampaignRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as CampaignType,
    ingestedUrl: row.ingestedUrl,
    thumbnail: row.thumbnail,
    isEnabled: row.isEnabled,
    isDemo: row.isDemo,
    trafficAllocation: row.trafficAllocation,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The list shows the page's title and favicon; stored meta is read, never trusted. */
function pageFields(meta: unknown): { pageTitle: string | null; favicon: string | null } {
  const { title, favicon } = (meta ?? {}) as { title?: unknown; favicon?: unknown };
  return {
    pageTitle: typeof title === 'string' && title.trim() !== '' ? title : null,
    favicon: faviconDataUrlSchema.safeParse(favicon).success ? (favicon as string) : null,
  };
}

export function presentSummary(
  row: CampaignRow & { elementCount: unknown; variantCount: unknown; goalCount: unknown },
): CampaignSummary {
  return {
    ...baseFields(row),
    ...pageFields(row.meta),
    elementCount: Number(row.elementCount),
    variantCount: Number(row.variantCount),
    goalCount: Number(row.goalCount),
    metrics: noTraffic(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The end as stored; null while the test runs. */
const storedEnd = (row: CampaignRow) =>
  row.endedAt
    ? {
        endedAt: row.endedAt.toISOString(),
        rollout: row.rollout,
        rolloutRemovedAt: row.rolloutRemovedAt?.toISOString() ?? null,
        rolloutViews: Number(row.rolloutViews),
      }
    : null;

/** A stored variant as the API returns it; `index` is set by the caller (1..n per element). */
export function presentVariant(row: VariantRow): Variant {
  return {
    id: row.id,
    key: row.key,
    type: row.type,
    isEnabled: row.isEnabled,
    info: row.info,
    metrics: noTrafficVariant(),
  } as Variant;
}

export function presentCampaign(
  row: CampaignRow,
  parts: { elements: ElementRow[]; variants: VariantRow[]; goals: GoalRow[] },
): Campaign {
  const elements = parts.elements
    .filter((element) => element.campaignId === row.id)
    .map(
      (element) =>
        ({
          ...element.data,
          id: element.id,
          selector: element.selector,
          type: element.type,
          key: element.key,
          variants: parts.variants
            .filter((variant) => variant.elementId === element.id)
            .map(presentVariant),
        }) as CampaignElement,
    );
  const goals = parts.goals
    .filter((goal) => goal.campaignId === row.id)
    .map(
      (goal) =>
        ({
          id: goal.id,
          isConversionGoal: goal.isConversionGoal,
          metricRole: goal.metricRole,
          lowerIsBetter: goal.lowerIsBetter,
          event: goal.event,
        }) as Goal,
    );
  return reindexCampaign({
    ...baseFields(row),
    meta: row.meta,
    exclusiveAudienceMode: row.exclusiveAudienceMode,
    autoGenerationStatus: row.autoGenerationStatus,
    statsMethod: row.statsMethod,
    minimumDetectableEffect: row.minimumDetectableEffect,
    autoStop: row.autoStop,
    autoStoppedAt: row.autoStoppedAt?.toISOString() ?? null,
    end: describeEnd(elements, storedEnd(row)),
    elements,
    goals,
    metrics: noTraffic(),
    benchmark: emptyBaseMetrics(),
  } as Campaign);
}
