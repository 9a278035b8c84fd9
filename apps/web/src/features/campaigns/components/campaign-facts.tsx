import { CAMPAIGN_TYPE_LABELS, type Campaign } from '@kindling/domain';
import { formatDate } from '../../../lib/format';
import { percentOf, testMethodLabel } from '../../../lib/stats-plan-text';
import { Card } from '../../../ui/card';
import styles from './campaign-facts.module.css';

/** What the editor measured when it last loaded the page (campaign meta). */
function pageFacts(meta: Campaign['meta']): [string, string | number][] {
  const facts: [string, string | number][] = [];
  if (meta.lang) facts.push(['Page language', meta.lang]);
  if (meta.stats) {
    const { htmlBytes, elementCount, loadMs } = meta.stats;
    facts.push(
      ['Page HTML', `${(htmlBytes / 1024).toFixed(1)} KB`],
      ['Page elements', elementCount],
      ['Page load', `${loadMs.toLocaleString('en-US')} ms`],
    );
  }
  return facts;
}

function autoStopFact({ autoStop, autoStoppedAt }: Campaign): string {
  if (!autoStop) return 'Off';
  return autoStoppedAt ? `Stopped it on ${formatDate(autoStoppedAt)}` : 'On';
}

export function CampaignFacts({ campaign }: { campaign: Campaign }) {
  const variantCount = campaign.elements.reduce(
    (total, element) => total + element.variants.length,
    0,
  );
  const facts: [string, string | number][] = [
    ['Status', campaign.end ? 'Ended' : campaign.isEnabled ? 'Enabled' : 'Paused'],
    ['Type', CAMPAIGN_TYPE_LABELS[campaign.type] ?? campaign.type],
    ['Traffic allocation', `${campaign.trafficAllocation}%`],
    ['Elements', campaign.elements.length],
    ['Variants', variantCount],
    ['Goals', campaign.goals.length],
    ['Exclusive audience', campaign.exclusiveAudienceMode ? 'On' : 'Off'],
    ['Test method', testMethodLabel(campaign.statsMethod)],
    ['Minimum detectable effect', `${percentOf(campaign.minimumDetectableEffect)}%`],
    ['Auto-stop', autoStopFact(campaign)],
    ...pageFacts(campaign.meta),
  ];
  return (
    <Card title="Details">
      <dl className={styles.facts} data-testid="campaign-facts">
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd data-testid={`fact-${label.toLowerCase().replace(/\s+/g, '-')}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
