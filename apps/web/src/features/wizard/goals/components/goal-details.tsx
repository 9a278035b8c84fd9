import {
  ERROR_MESSAGES,
  GoalEventType,
  isValidCampaignUrl,
  normalizeUrl,
  type Goal,
} from '@kindling/domain';
import { useState } from 'react';
import { Button } from '../../../../ui/button';
import { TextField } from '../../../../ui/field';
import { useGoalsStore } from '../hooks/use-goals-store';
import { CloseIcon } from '../../../../ui/icons';
import { pageUrlError } from '../state/goal-rules';
import { useOwnPagesOrigin } from '../../../../lib/own-pages-origin';
import styles from './goal-card.module.css';

/** What the selected goal counts: chosen elements for a click goal, a URL for a page view. */
export function GoalDetails({ goal }: { goal: Goal }) {
  switch (goal.event.type) {
    case GoalEventType.Click:
      return <ClickGoalElements goal={goal} />;
    case GoalEventType.PageView:
      return <PageViewUrlField goal={goal} />;
    case GoalEventType.Unknown:
      return (
        <p className={styles.error} role="alert">
          {ERROR_MESSAGES.unsupportedGoalEvent}
        </p>
      );
  }
}

function ClickGoalElements({ goal }: { goal: Goal }) {
  const { dispatch } = useGoalsStore();
  const elements = goal.event.elements ?? [];

  return (
    <div className={styles.details}>
      <p className={styles.instructions}>Click elements in the preview to count clicks on them</p>
      {elements.length === 0 ? (
        <p className={styles.empty}>No elements chosen yet</p>
      ) : (
        <ul className={styles.elements} aria-label={`Elements counted by ${goal.event.name}`}>
          {elements.map((element) => {
            const label = element.label.trim() || element.selector;
            return (
              <li key={element.selector} className={styles.element}>
                <span className={styles.elementText}>
                  <span className={styles.elementLabel}>{label}</span>
                  <code className={styles.selector}>{element.selector}</code>
                </span>
                <Button
                  variant="ghost"
                  color="secondary"
                  size="sm"
                  className={styles.iconButton}
                  aria-label={`Remove ${label}`}
                  icon={<CloseIcon size={16} />}
                  onClick={() => dispatch({ type: 'toggleGoalElement', element })}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function PageViewUrlField({ goal }: { goal: Goal }) {
  const { dispatch } = useGoalsStore();
  // The error waits for the first blur so it does not interrupt typing.
  const [touched, setTouched] = useState(false);
  const ownPagesOrigin = useOwnPagesOrigin();
  const url = goal.event.url ?? '';

  function setUrl(next: string) {
    dispatch({ type: 'updateGoal', goal: { ...goal, event: { ...goal.event, url: next } } });
  }

  function blur() {
    const normalized = normalizeUrl(url);
    // Prefixing https:// onto text that is not a URL anyway would only hide what was typed.
    if (normalized !== url && isValidCampaignUrl(normalized, ownPagesOrigin)) setUrl(normalized);
    setTouched(true);
  }

  return (
    <div className={styles.details}>
      <TextField
        label="Page view URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/thank-you"
        hint="The goal counts a visit to this page."
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        onBlur={blur}
        error={touched ? pageUrlError(url, ownPagesOrigin) : undefined}
      />
    </div>
  );
}
