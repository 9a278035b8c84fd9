import { z } from 'zod';
import { CAMPAIGN_FORM_MESSAGES } from './campaign-form';
import { isValidPageUrl } from './own-page-url';

// Goals, spec section 3.

export const GoalEventType = { Unknown: 0, PageView: 1, Click: 2 } as const;
export type GoalEventType = (typeof GoalEventType)[keyof typeof GoalEventType];

export const goalEventTypeSchema = z.union([
  z.literal(GoalEventType.Unknown),
  z.literal(GoalEventType.PageView),
  z.literal(GoalEventType.Click),
]);

export const GOAL_EVENT_LABELS = {
  [GoalEventType.PageView]: 'Page View',
  [GoalEventType.Click]: 'Click',
} as const;

/** A page element a click goal listens on. */
export const goalElementSchema = z.object({
  id: z.union([z.number(), z.string()]),
  label: z.string(),
  selector: z.string().trim().min(1),
});
export type GoalElement = z.infer<typeof goalElementSchema>;

export const goalEventSchema = z.object({
  type: goalEventTypeSchema,
  url: z.string().optional(),
  name: z.string(),
  elements: z.array(goalElementSchema).optional(),
});
export type GoalEvent = z.infer<typeof goalEventSchema>;

/**
 * What a goal measures besides the funnel (issue 29): a secondary metric (reported, never
 * deciding) or a guardrail (a significant harm stops a winner from being called one). Null: the
 * goal is a step of the funnel, whose end is the primary metric.
 */
export const GOAL_METRIC_ROLES = ['secondary', 'guardrail'] as const;
export const goalMetricRoleSchema = z.enum(GOAL_METRIC_ROLES);
export type GoalMetricRole = z.infer<typeof goalMetricRoleSchema>;

/** A goal whose page-view address may also be one of the app's pages under `ownPagesOrigin`. */
export function goalSchemaFor(ownPagesOrigin?: string | null) {
  return z.object({
    id: z.number().int(),
    isConversionGoal: z.boolean().default(false),
    metricRole: goalMetricRoleSchema.nullable().default(null),
    /** Fewer is better (a bounce, an error page): a rise is a harm. */
    lowerIsBetter: z.boolean().default(false),
    // A page-view goal counts visits to its page: the page-URL rule, as for the campaign's page.
    event: goalEventSchema.refine(
      (event) =>
        event.url === undefined
          ? event.type !== GoalEventType.PageView
          : isValidPageUrl(event.url, ownPagesOrigin),
      { message: CAMPAIGN_FORM_MESSAGES.urlInvalid, path: ['url'] },
    ),
  });
}

export const goalSchema = goalSchemaFor();
export type Goal = z.infer<typeof goalSchema>;
