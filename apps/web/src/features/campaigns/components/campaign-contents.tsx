import type { Campaign, CampaignElement } from '@kindling/domain';
import { elementName, variantName } from '../../../lib/campaign-names';
import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { useCurrentTeam } from '../../../lib/current-team';
import { goalPositionLabel, LOWER_IS_BETTER, roleLabel } from '../../../lib/goal-roles';
import { ViewOnLivePageButton } from '../../../ui/view-on-live-page-button';
import { GoalSummary } from '../../../ui/goal-summary';
import { MissingInformation } from '../../../ui/missing-information';
import { VariantSummary } from '../../../ui/variant-summary';
import styles from './campaign-contents.module.css';

/** What the campaign tests: each element with its original and variants, and the funnel. */
export function CampaignContents({ campaign }: { campaign: Campaign }) {
  const { slug, featureFlags } = useCurrentTeam();
  // Labs "View variant": each arm gets a link that shows it on the campaign's live page.
  const previewTeam = featureFlags.includes('view_variant') ? slug : undefined;
  return (
    <Card title="What this campaign tests" data-testid="campaign-contents">
      <div className={styles.sections}>
        <section aria-labelledby="contents-elements">
          <h3 id="contents-elements" className={styles.heading}>
            Elements
          </h3>
          {campaign.elements.length === 0 ? (
            <MissingInformation subject={`Campaign ${campaign.id} has no elements`} />
          ) : (
            <ol className={styles.elements}>
              {campaign.elements.map((element, index) => (
                <ElementContents
                  key={element.id}
                  element={element}
                  index={index}
                  campaignId={campaign.id}
                  previewTeam={previewTeam}
                />
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="contents-goals">
          <h3 id="contents-goals" className={styles.heading}>
            Goals
          </h3>
          <ol className={styles.goals}>
            {campaign.goals.map((goal, index) => (
              <li key={goal.id} className={styles.goal} aria-label={goal.event.name}>
                <span className={styles.goalHead}>
                  <span className={styles.step}>{goalPositionLabel(campaign.goals, index)}</span>
                  <strong>{goal.event.name}</strong>
                  {goal.isConversionGoal ? <Badge tone="success">Conversion goal</Badge> : null}
                  {goal.lowerIsBetter ? <Badge>{LOWER_IS_BETTER.label}</Badge> : null}
                </span>
                <GoalSummary goal={goal} />
              </li>
            ))}
            {campaign.extraMetrics.map((metric) => (
              <li key={`metric-${metric.id}`} className={styles.goal} aria-label={metric.name}>
                <span className={styles.goalHead}>
                  <span className={styles.step}>{roleLabel(metric.role)}</span>
                  <strong>{metric.name}</strong>
                  {metric.lowerIsBetter ? <Badge>{LOWER_IS_BETTER.label}</Badge> : null}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </Card>
  );
}

function ElementContents({
  element,
  index,
  campaignId,
  previewTeam,
}: {
  element: CampaignElement;
  index: number;
  campaignId: number;
  /** The team slug when "View variant" is on; else no live-page links. */
  previewTeam: string | undefined;
}) {
  const name = elementName(element, index);
  const viewLive = (variantId: number | 'control', arm: string) =>
    previewTeam ? (
      <span className={styles.armAction}>
        <ViewOnLivePageButton
          team={previewTeam}
          target={{ campaignId, elementId: element.id, variantId }}
          armLabel={`${arm} of ${name}`}
        />
      </span>
    ) : null;
  const originalText = 'value' in element.control.info ? element.control.info.value : undefined;
  return (
    <li className={styles.element} aria-label={name}>
      <span className={styles.elementHead}>
        <strong>{name}</strong>
        <code className={styles.selector}>{element.selector}</code>
      </span>
      <ul className={styles.arms}>
        <li className={styles.arm}>
          <span className={styles.armName}>Original</span>
          <VariantSummary info={element.control.info} alt={`${name}, original`} compact />
          {viewLive('control', 'Original')}
        </li>
        {element.variants.map((variant, position) => (
          <li key={variant.id} className={styles.arm}>
            <span className={styles.armName}>
              {variantName(position)}
              {variant.isEnabled ? null : <Badge>Disabled</Badge>}
            </span>
            <VariantSummary
              info={variant.info}
              originalText={originalText}
              alt={`${name}, ${variantName(position)}`}
              compact
            />
            {viewLive(variant.id, variantName(position))}
          </li>
        ))}
      </ul>
    </li>
  );
}
