import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { Goal } from '@kindling/domain';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { goalPositionLabel } from '../../../../lib/goal-roles';
import { useGoalsStore } from '../hooks/use-goals-store';
import { GoalCard, goalSortableId } from './goal-card';
import styles from './goal-step.module.css';

const screenReaderInstructions = {
  draggable:
    'To reorder a goal, press space or enter on its handle. Use the up and down arrow keys to move it, press space or enter again to drop it, or escape to cancel.',
};

function announcements(goals: readonly Goal[]): Announcements {
  const ids = goals.map((goal) => goalSortableId(goal.id));
  const nameOf = (id: UniqueIdentifier) => goals[ids.indexOf(String(id))]?.event.name ?? 'Goal';
  const position = (id: UniqueIdentifier | undefined) =>
    `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)} at ${position(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to ${position(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      `${nameOf(active.id)} dropped at ${position(over?.id ?? active.id)}.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${nameOf(active.id)} stays at ${position(active.id)}.`,
  };
}

/** The goal funnel, sortable by drag and drop, keyboard, or the move buttons. */
export function GoalList() {
  const { state, dispatch } = useGoalsStore();
  const listRef = useRef<HTMLOListElement>(null);
  // dnd-kit announces drags itself; the move and delete buttons need their own words.
  const [status, setStatus] = useState('');
  const goals = state.goals;
  const ids = goals.map((goal) => goalSortableId(goal.id));
  const sensors = useSensors(
    // A short distance keeps a plain click on the handle a click, not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function move(from: number, to: number) {
    if (from !== to) dispatch({ type: 'moveGoal', from, to });
  }

  function moveByButton(from: number, to: number) {
    move(from, to);
    const name = goals[from]?.event.name ?? 'Goal';
    setStatus(`${name} moved to position ${to + 1} of ${goals.length}.`);
  }

  function dragEnd({ active, over }: DragEndEvent) {
    if (!over) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) move(from, to);
  }

  function remove(goal: Goal) {
    flushSync(() => dispatch({ type: 'deleteGoal', goalId: goal.id }));
    // The deleted card took focus with it; the list keeps it without selecting another goal.
    listRef.current?.focus();
    setStatus(`${goal.event.name} deleted.`);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ announcements: announcements(goals), screenReaderInstructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} className={styles.list} aria-label="Goal funnel" tabIndex={-1}>
          {goals.map((goal, index) => (
            <GoalCard
              key={goal.id}
              goal={goal}
              index={index}
              count={goals.length}
              positionLabel={goalPositionLabel(goals, index)}
              locked={state.goalsConfirmed}
              onMove={moveByButton}
              onDelete={remove}
            />
          ))}
        </ol>
      </SortableContext>
      {goals.length === 0 ? (
        <p className={styles.emptyList}>
          No goals yet. Add a click or page view goal to start your funnel.
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </DndContext>
  );
}
