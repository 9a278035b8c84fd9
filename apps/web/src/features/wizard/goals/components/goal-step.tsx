import {
  canAddGoal,
  ERROR_MESSAGES,
  GOAL_MESSAGES,
  GoalEventType,
  isGoalEventAllowed,
  MAX_GOALS,
} from '@kindling/domain';
import { useId, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../../ui/button';
import { PlusIcon } from '../../../../ui/icons';
import { useGoalsStore } from '../hooks/use-goals-store';
import { ExtraMetricsPanel } from './extra-metrics-panel';
import { GoalList } from './goal-list';
import styles from './goal-step.module.css';

/** The EditGoals step: an ordered funnel of click and page view goals. */
export function GoalsStep() {
  const { state } = useGoalsStore();
  const rootRef = useRef<HTMLDivElement>(null);

  return (
    <div ref={rootRef} className={styles.step} data-testid="goals-step">
      <h2 className={styles.title}>Goals</h2>
      <p className={styles.intro}>
        Add up to {MAX_GOALS} goals. Visitors reach the funnel steps in order, and the last step is
        the conversion goal; a secondary metric or a guardrail is measured beside the funnel.
      </p>
      {state.goalsConfirmed ? (
        <p className={styles.note} role="note">
          Your funnel is fixed. Goals can no longer be added, reordered or deleted.
        </p>
      ) : (
        <AddGoalButtons rootRef={rootRef} />
      )}
      <GoalList />
      <ExtraMetricsPanel />
    </div>
  );
}

function AddGoalButtons({ rootRef }: { rootRef: RefObject<HTMLDivElement | null> }) {
  const { state, dispatch } = useGoalsStore();
  const [error, setError] = useState<string>();
  const hintId = useId();
  const full = !canAddGoal(state.goals);

  function add(eventType: GoalEventType) {
    if (!isGoalEventAllowed(eventType, state.step)) {
      setError(ERROR_MESSAGES.unsupportedGoalEvent);
      return;
    }
    if (full) return;
    setError(undefined);
    flushSync(() => dispatch({ type: 'addGoal', eventType }));
    // The new goal is active; naming it is the natural next step, and the add buttons
    // may just have been disabled under the keyboard focus.
    const names = rootRef.current?.querySelectorAll<HTMLInputElement>('[data-goal-name]');
    names?.[names.length - 1]?.focus();
  }

  return (
    <div className={styles.add}>
      <div className={styles.addButtons}>
        <Button
          variant="outline"
          color="secondary"
          icon={<PlusIcon size={16} />}
          disabled={full}
          aria-describedby={full ? hintId : undefined}
          onClick={() => add(GoalEventType.Click)}
        >
          Add click goal
        </Button>
        <Button
          variant="outline"
          color="secondary"
          icon={<PlusIcon size={16} />}
          disabled={full}
          aria-describedby={full ? hintId : undefined}
          onClick={() => add(GoalEventType.PageView)}
        >
          Add page view goal
        </Button>
      </div>
      {full ? (
        <p id={hintId} className={styles.hint}>
          {GOAL_MESSAGES.tooManyGoals}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
