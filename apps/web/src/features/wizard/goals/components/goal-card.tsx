import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { defaultGoalName, GOAL_EVENT_LABELS, GoalEventType, type Goal } from '@kindling/domain';
import clsx from 'clsx';
import type { MouseEvent } from 'react';
import { Badge } from '../../../../ui/badge';
import { Button } from '../../../../ui/button';
import { GoalSummary } from '../../../../ui/goal-summary';
import { TrashIcon } from '../../../../ui/icons';
import { useGoalsStore } from '../hooks/use-goals-store';
import { LOWER_IS_BETTER } from '../../../../lib/goal-roles';
import { GoalDetails } from './goal-details';
import { GoalRoleFields } from './goal-role-fields';
import { ArrowDownIcon, ArrowUpIcon, DragHandleIcon } from '../../../../ui/icons';
import styles from './goal-card.module.css';

export const goalSortableId = (goalId: number) => `goal-${goalId}`;

export function goalTypeLabel(type: GoalEventType): string {
  return type === GoalEventType.Unknown ? 'Unknown' : GOAL_EVENT_LABELS[type];
}

interface GoalCardProps {
  goal: Goal;
  index: number;
  count: number;
  /** "Step n" for a funnel step, else its role (goalPositionLabel). */
  positionLabel: string;
  /** The funnel is confirmed: no reordering or deleting. */
  locked: boolean;
  onMove: (from: number, to: number) => void;
  onDelete: (goal: Goal) => void;
}

/** Clicks on the card's own controls must not also select the card. */
const ownClick = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

export function GoalCard({
  goal,
  index,
  count,
  positionLabel,
  locked,
  onMove,
  onDelete,
}: GoalCardProps) {
  const { state, dispatch } = useGoalsStore();
  const active = state.activeGoalId === goal.id;
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: goalSortableId(goal.id), disabled: locked });
  const name = goal.event.name.trim() || defaultGoalName(goal.event.type, index);
  const isFirst = index === 0;
  const isLast = index === count - 1;

  function select() {
    if (!active) dispatch({ type: 'selectGoal', goalId: goal.id });
  }

  function rename(next: string) {
    dispatch({ type: 'updateGoal', goal: { ...goal, event: { ...goal.event, name: next } } });
  }

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={clsx(styles.card, active && styles.active, isDragging && styles.dragging)}
      aria-current={active ? 'true' : undefined}
      aria-label={name}
      data-testid="goal-card"
      onClick={select}
    >
      <div className={styles.header}>
        {locked ? null : (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={styles.handle}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${name}`}
          >
            <DragHandleIcon size={16} />
          </button>
        )}
        <span className={styles.position} data-testid="goal-position">
          {positionLabel}
        </span>
        {locked ? null : (
          <div className={styles.actions}>
            {/* aria-disabled rather than disabled keeps focus on the button at either end. */}
            <Button
              variant="ghost"
              color="secondary"
              size="sm"
              className={styles.iconButton}
              aria-label={`Move ${name} up`}
              aria-disabled={isFirst}
              icon={<ArrowUpIcon size={16} />}
              onClick={ownClick(() => {
                if (!isFirst) onMove(index, index - 1);
              })}
            />
            <Button
              variant="ghost"
              color="secondary"
              size="sm"
              className={styles.iconButton}
              aria-label={`Move ${name} down`}
              aria-disabled={isLast}
              icon={<ArrowDownIcon size={16} />}
              onClick={ownClick(() => {
                if (!isLast) onMove(index, index + 1);
              })}
            />
            <Button
              variant="ghost"
              color="danger"
              size="sm"
              className={styles.iconButton}
              aria-label={`Delete ${name}`}
              icon={<TrashIcon size={16} />}
              onClick={ownClick(() => onDelete(goal))}
            />
          </div>
        )}
      </div>
      {/* Their own row: beside the step and the buttons, "Conversion goal" had to wrap. */}
      <div className={styles.badges}>
        <Badge tone="info">{goalTypeLabel(goal.event.type)}</Badge>
        {goal.isConversionGoal ? <Badge tone="success">Conversion goal</Badge> : null}
        {goal.lowerIsBetter ? <Badge>{LOWER_IS_BETTER.label}</Badge> : null}
      </div>
      <input
        className={styles.name}
        aria-label="Goal name"
        data-goal-name
        value={goal.event.name}
        placeholder={defaultGoalName(goal.event.type, index)}
        autoComplete="off"
        onFocus={select}
        onChange={(event) => rename(event.target.value)}
        // A goal always has a name: a cleared one falls back to its default.
        onBlur={() => {
          if (goal.event.name.trim() === '') rename(name);
        }}
      />
      {/* A fixed funnel's goals keep what they count; others say it until opened. */}
      {active && !locked ? (
        <>
          <GoalDetails goal={goal} />
          <GoalRoleFields goal={goal} />
        </>
      ) : (
        <GoalSummary goal={goal} />
      )}
    </li>
  );
}
