import type { Campaign, CampaignElement } from '@kindling/domain';
import { elementName, variantName } from '../../../lib/campaign-names';
import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { GoalSummary } from '../../../ui/goal-summary';
import { MissingInformation } from '../../../ui/missing-information';
import { VariantSummary } from '../../../ui/variant-summary';
import styles from './campaign-contents.module.css';

/** What the campaign tests: each element with its original and variants, and the funnel. */
export function CampaignContents({ campaign }: { campaign: Campaign }) {
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
                <ElementContents key={element.id} element={element} index={index} />
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
                  <span className={styles.step}>Step {index + 1}</span>
                  <strong>{goal.event.name}</strong>
                  {goal.isConversionGoal ? <Badge tone="success">Conversion goal</Badge> : null}
                </span>
                <GoalSummary goal={goal} />
              </li>
            ))}
          </ol>
        </section>
      </div>
    </Card>
  );
}

function ElementContents({ element, index }: { element: CampaignElement; index: number }) {
  const name = elementName(element, index);
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
          </li>
        ))}
      </ul>
    </li>
  );
}
