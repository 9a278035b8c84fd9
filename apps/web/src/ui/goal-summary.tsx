import { GoalEventType, type Goal } from '@kindling/domain';
import styles from './goal-summary.module.css';

/** One line saying what a goal counts: clicks on which elements, or visits to which page. */
export function GoalSummary({ goal }: { goal: Goal }) {
  switch (goal.event.type) {
    case GoalEventType.Click: {
      const elements = goal.event.elements ?? [];
      if (elements.length === 0) {
        return <p className={styles.summary}>No elements chosen yet</p>;
      }
      return (
        <p className={styles.summary}>
          Counts clicks on{' '}
          {elements.map((element, i) => (
            <span key={element.selector}>
              {i > 0 ? ', ' : null}
              <span className={styles.target} title={element.selector}>
                {element.label.trim() ? `“${element.label.trim()}”` : element.selector}
              </span>
            </span>
          ))}
        </p>
      );
    }
    case GoalEventType.PageView:
      return (
        <p className={styles.summary}>
          Counts visits to{' '}
          <code className={styles.url}>{goal.event.url?.trim() || 'no page chosen yet'}</code>
        </p>
      );
    case GoalEventType.Unknown:
      return null;
  }
}
