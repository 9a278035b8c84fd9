import type { Goal } from '@kindling/domain';
import {
  GOAL_ROLE_OPTIONS,
  LOWER_IS_BETTER,
  metricRoleOf,
  roleChoiceOf,
} from '../../../../lib/goal-roles';
import { RadioCards } from '../../../../ui/radio-cards';
import { Switch } from '../../../../ui/switch';
import { useGoalsStore } from '../hooks/use-goals-store';
import styles from './goal-card.module.css';

/** What the selected goal measures: a funnel step, a secondary metric or a guardrail. */
export function GoalRoleFields({ goal }: { goal: Goal }) {
  const { dispatch } = useGoalsStore();
  const update = (patch: Partial<Pick<Goal, 'metricRole' | 'lowerIsBetter'>>) =>
    dispatch({ type: 'updateGoal', goal: { ...goal, ...patch } });

  return (
    <div className={styles.details}>
      <RadioCards
        legend="Measured as"
        name={`goal-role-${goal.id}`}
        layout="column"
        size="sm"
        value={roleChoiceOf(goal)}
        options={GOAL_ROLE_OPTIONS.map((option) => ({
          value: option.value,
          label: option.label,
          description: option.help,
        }))}
        onChange={(choice) => update({ metricRole: metricRoleOf(choice) })}
      />
      <div className={styles.switchRow}>
        <Switch
          label={LOWER_IS_BETTER.label}
          showLabel
          checked={goal.lowerIsBetter}
          onCheckedChange={(lowerIsBetter) => update({ lowerIsBetter })}
        />
        <p className={styles.switchHint}>{LOWER_IS_BETTER.help}</p>
      </div>
    </div>
  );
}
