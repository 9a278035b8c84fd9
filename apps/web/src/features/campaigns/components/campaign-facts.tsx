import { CAMPAIGN_TYPE_LABELS, type Campaign } from '@kindling/domain';
import { Card } from '../../../ui/card';
import styles from './campaign-facts.module.css';

export function CampaignFacts({ campaign }: { campaign: Campaign }) {
  const variantCount = campaign.elements.reduce(
    (total, element) => total + element.variants.length,
    0,
  );
  const facts: [string, string | number][] = [
    ['Status', campaign.isEnabled ? 'Enabled' : 'Paused'],
    ['Type', CAMPAIGN_TYPE_LABELS[campaign.type] ?? campaign.type],
    ['Traffic allocation', `${campaign.trafficAllocation}%`],
    ['Elements', campaign.elements.length],
    ['Variants', variantCount],
    ['Goals', campaign.goals.length],
    ['Exclusive audience', campaign.exclusiveAudienceMode ? 'On' : 'Off'],
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
