import { z } from 'zod';
import { rowIdParam } from './row-id';

// The audit log (issue 33): every change of a team's campaigns, variants, goals, schedules,
// pages, members, API keys, webhooks, settings and billing, with who, when, and the row before
// and after (docs/api.md "Audit log").

/** What a change was made to, by the table it is in; the screen's and the filter's names. */
export const AUDIT_ENTITIES = {
  campaigns: 'Campaign',
  campaign_elements: 'Element',
  variants: 'Variant',
  goals: 'Goal',
  campaign_page_rules: 'Page rules',
  campaign_audiences: 'Audience',
  campaign_metrics: 'Metric',
  campaign_vitals_settings: 'Web Vitals settings',
  pages: 'Landing page',
  teams: 'Team settings',
  team_members: 'Member',
  team_invites: 'Invitation',
  team_api_keys: 'API key',
  webhook_endpoints: 'Webhook',
  team_billing: 'Billing',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
const ENTITY_NAMES = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

export const AUDIT_ACTIONS = { insert: 'Created', update: 'Changed', delete: 'Deleted' } as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** Entries per page of the API and the screen. */
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_MESSAGES = {
  instant: 'from and to are ISO 8601 instants, such as 2026-11-01T00:00:00Z',
  order: 'from must be before to',
  entity: `entity is one of: ${ENTITY_NAMES.join(', ')}`,
  actor: 'actor is "system", "user:<id>" or "api_key:<id>"',
} as const;

const instant = z.iso.datetime({ offset: true, error: AUDIT_MESSAGES.instant });

/** `?entity=&actor=&campaignId=&from=&to=&before=`: every filter optional. */
export const auditQuerySchema = z
  .object({
    entity: z.enum(ENTITY_NAMES, AUDIT_MESSAGES.entity).optional(),
    actor: z
      .string()
      .regex(/^(system|user:\d{1,9}|api_key:\d{1,9})$/, AUDIT_MESSAGES.actor)
      .optional(),
    campaignId: rowIdParam.optional(),
    from: instant.optional(),
    to: instant.optional(),
    /** The page after the one that ended with this entry (the answer's `next`). */
    before: z
      .string()
      .regex(/^\d{1,19}$/)
      .optional(),
  })
  .refine(({ from, to }) => !from || !to || Date.parse(from) < Date.parse(to), {
    path: ['to'],
    error: AUDIT_MESSAGES.order,
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.number().int().nullable(),
    /** The person's address or the key's name as they were then. */
    label: z.string().nullable(),
  }),
  requestId: z.string().nullable(),
  route: z.string().nullable(),
  entity: z.enum(ENTITY_NAMES),
  entityId: z.string().nullable(),
  campaignId: z.number().int().nullable(),
  action: z.enum(['insert', 'update', 'delete']),
  /** The fields whose value differs between before and after (all of them for a creation). */
  changed: z.array(z.string()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/team/{team}/audit-log: newest first; `next` asks for the page after. */
export const auditAnswerSchema = z.object({
  entries: z.array(auditEntrySchema),
  next: z.string().nullable(),
});
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

/** The fields a change touched: keys whose values differ (compared as JSON), in key order. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return keys.filter(
    (key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after?.[key] ?? null),
  );
}

/** How the log names who made a change. */
export function auditActorLabel(actor: AuditEntry['actor']): string {
  if (actor.type === 'system') return 'Kindling (automatic)';
  const fallback = actor.type === 'user' ? `Person #${actor.id}` : `API key #${actor.id}`;
  const label = actor.label ?? fallback;
  return actor.type === 'api_key' ? `API key “${label}”` : label;
}

/** The CSV's columns, in order; `before`, `after` and `changed` hold JSON. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_type',
  'actor_id',
  'actor',
  'request_id',
  'route',
  'entity',
  'entity_id',
  'campaign_id',
  'action',
  'changed',
  'before',
  'after',
] as const;
