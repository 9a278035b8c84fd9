import { describe, it, expect } from 'vitest';
import { GOAL_EVENT_LABELS, GoalEventType, goalEventTypeSchema, goalSchema } from './goal-schema';

describe('goal schemas', () => {
  it('codes event types 0, 1, 2 with labels', () => {
    expect(GoalEventType).toEqual({ Unknown: 0, PageView: 1, Click: 2 });
    expect(GOAL_EVENT_LABELS).toEqual({ 1: 'Page View', 2: 'Click' });
    expect(goalEventTypeSchema.safeParse(2).success).toBe(true);
    expect(goalEventTypeSchema.safeParse(3).success).toBe(false);
  });

  it('parses click and page view goals', () => {
    const click = goalSchema.parse({
      id: -1,
      event: {
        type: 2,
        name: 'Click Goal #1',
        elements: [{ id: 'a', label: 'Buy', selector: '#buy' }],
      },
    });
    expect(click.isConversionGoal).toBe(false);
    expect(click.event.elements).toHaveLength(1);
    const view = goalSchema.parse({
      id: 3,
      isConversionGoal: true,
      event: { type: 1, url: 'https://example.com/thanks', name: 'Page View Goal #2' },
    });
    expect(view.event.url).toBe('https://example.com/thanks');
  });
});
