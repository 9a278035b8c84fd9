import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import * as accountsAndCampaigns from './migrations/0001-accounts-and-campaigns';
import * as jobs from './migrations/0002-jobs';
import * as apiKeys from './migrations/0003-api-keys';
import * as accountTokens from './migrations/0004-account-tokens';
import * as retiredRefreshTokens from './migrations/0005-retired-refresh-tokens';
import * as experimentEvents from './migrations/0006-experiment-events';
import * as appliedHistogram from './migrations/0007-applied-histogram';
import * as visitorGoals from './migrations/0008-visitor-goals';
import * as rollupFoldIndex from './migrations/0009-rollup-fold-index';
import * as aiDescriptions from './migrations/0010-ai-descriptions';
import * as demo from './migrations/0011-demo';
import * as introSurvey from './migrations/0012-intro-survey';
import * as clientLogs from './migrations/0013-client-logs';
import * as stripeBilling from './migrations/0014-stripe-billing';
import * as aiGenerations from './migrations/0015-ai-generations';
import * as waitlistAndUrlContext from './migrations/0017-waitlist-and-url-context';
import * as landingPages from './migrations/0018-landing-pages';
import * as ideaExperiments from './migrations/0019-idea-experiments';
import * as notifications from './migrations/0020-notifications';
import * as trafficConcentration from './migrations/0021-traffic-concentration';
import * as clientLogSize from './migrations/0022-client-log-size';
import * as statsPlan from './migrations/0023-stats-plan';
import * as srmPhasesAndSegments from './migrations/0024-srm-phases-and-segments';
import * as autoStop from './migrations/0025-auto-stop';
import * as metricTotals from './migrations/0026-metric-totals';
import * as apiKeyScope from './migrations/0027-api-key-scope';
import * as viewerRole from './migrations/0028-viewer-role';
import * as endTest from './migrations/0029-end-test';
import * as campaignDrafts from './migrations/0031-campaign-drafts';
import * as webVitals from './migrations/0032-web-vitals';
import * as campaignPageRules from './migrations/0033-campaign-page-rules';
import * as campaignSchedules from './migrations/0034-campaign-schedules';
import * as segmentRollups from './migrations/0035-segment-rollups';
import * as visitorIdentities from './migrations/0036-visitor-identities';
import * as globalHoldout from './migrations/0037-global-holdout';
import * as webhooks from './migrations/0038-webhooks';
import * as analyticsForwarding from './migrations/0039-analytics-forwarding';
import * as srmAlerts from './migrations/0040-srm-alerts';
import * as sso from './migrations/0041-sso';
import * as notOnPage from './migrations/0042-not-on-page';
import * as openSegments from './migrations/0043-open-segments';
import * as variantCodeChanges from './migrations/0044-variant-code-changes';
import * as auditLog from './migrations/0045-audit-log';

const migrations: Record<string, Migration> = {
  '0001-accounts-and-campaigns': accountsAndCampaigns,
  '0002-jobs': jobs,
  '0003-api-keys': apiKeys,
  '0004-account-tokens': accountTokens,
  '0005-retired-refresh-tokens': retiredRefreshTokens,
  '0006-experiment-events': experimentEvents,
  '0007-applied-histogram': appliedHistogram,
  '0008-visitor-goals': visitorGoals,
  '0009-rollup-fold-index': rollupFoldIndex,
  '0010-ai-descriptions': aiDescriptions,
  '0011-demo': demo,
  '0012-intro-survey': introSurvey,
  '0013-client-logs': clientLogs,
  '0014-stripe-billing': stripeBilling,
  '0015-ai-generations': aiGenerations,
  '0017-waitlist-and-url-context': waitlistAndUrlContext,
  '0018-landing-pages': landingPages,
  '0019-idea-experiments': ideaExperiments,
  '0020-notifications': notifications,
  '0021-traffic-concentration': trafficConcentration,
  '0022-client-log-size': clientLogSize,
  '0023-stats-plan': statsPlan,
  '0024-srm-phases-and-segments': srmPhasesAndSegments,
  '0025-auto-stop': autoStop,
  '0026-metric-totals': metricTotals,
  '0027-api-key-scope': apiKeyScope,
  '0028-viewer-role': viewerRole,
  '0029-end-test': endTest,
  '0031-campaign-drafts': campaignDrafts,
  '0032-web-vitals': webVitals,
  '0033-campaign-page-rules': campaignPageRules,
  '0034-campaign-schedules': campaignSchedules,
  '0035-segment-rollups': segmentRollups,
  '0036-visitor-identities': visitorIdentities,
  '0037-global-holdout': globalHoldout,
  '0038-webhooks': webhooks,
  '0039-analytics-forwarding': analyticsForwarding,
  '0040-srm-alerts': srmAlerts,
  '0041-sso': sso,
  '0042-not-on-page': notOnPage,
  '0043-open-segments': openSegments,
  '0044-variant-code-changes': variantCodeChanges,
  '0045-audit-log': auditLog,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** `schema` keeps Kysely's own bookkeeping tables beside ours when a search_path is set. */
export async function migrateToLatest(db: Kysely<unknown>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error ?? null);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
