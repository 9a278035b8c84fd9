import { z } from 'zod';
import { emailSchema, passwordSchema, realNameSchema } from './account-rules';
import { trimText } from './text';

export * from './account-rules';

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  realName: realNameSchema,
});

/**
 * Owners run the team; members make and run tests; viewers (issue 35: executives, clients of an
 * agency) see everything and change nothing: every route that writes refuses them.
 */
export const teamRoleSchema = z.enum(['owner', 'member', 'viewer']);
export const TEAM_ROLE_MESSAGES = {
  viewerReadOnly:
    'Viewers can look at everything but change nothing. Ask an owner to make you a member.',
} as const;
export type TeamRole = z.infer<typeof teamRoleSchema>;

/**
 * Whether removing a member of this role would leave the team without an owner: the last owner
 * stays (the server refuses it, and the app does not offer it).
 */
export const isLastOwner = (role: TeamRole, ownerCount: number): boolean =>
  role === 'owner' && ownerCount <= 1;

export const PREVIEW_SIZES = ['mobile', 'tablet', 'desktop'] as const;
export type PreviewSize = (typeof PREVIEW_SIZES)[number];

export const TIME_ZONE_MESSAGE = 'Please choose a time zone from the list';

/** An IANA time zone the runtime knows (a user's preference, a team's schedules). */
export const timeZoneSchema = z
  .string(TIME_ZONE_MESSAGE)
  .trim()
  .min(1, TIME_ZONE_MESSAGE)
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isKnownTimeZone, TIME_ZONE_MESSAGE);

export const userPreferencesSchema = z.object({
  timezone: timeZoneSchema.default('UTC'),
  previewSize: z.enum(PREVIEW_SIZES).default('desktop'),
  menuCollapsed: z.boolean().default(false),
  /** Team notifications by mail too, when the server has mail set up (SMTP_URL). */
  notificationMails: z.boolean().default(true),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const API_KEY_NAME_MESSAGE = 'Please enter a name for the key';
export const apiKeyNameSchema = z
  .string()
  .overwrite(trimText)
  .min(1, API_KEY_NAME_MESSAGE)
  .max(60, API_KEY_NAME_MESSAGE);

/**
 * What an API key may do on its team's routes: `read` (every route that reads: campaigns,
 * statistics, pages, sign-ups, usage) or `write` (also the routes that change things). Keys
 * never act as a person: routes that need one (invitations, notifications) refuse them.
 */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_MESSAGES = {
  scope: 'Choose read or write for the key',
  readOnly: 'This API key can only read. Create a key with the write scope to change things.',
  needsMember: 'An API key cannot do this: sign in as a member of the team.',
} as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scope });

/** The shared guest account's address domain (RFC 2606 .invalid): nobody else may hold or be
 * invited at an address of it, or guest sign-in and guests' screens would be theirs to spoil. */
export const GUEST_EMAIL_DOMAIN = 'kindling.invalid';

/** Whether an address is reserved for the guest account. */
export const isReservedEmail = (email: string): boolean =>
  email.trim().toLowerCase().endsWith(`@${GUEST_EMAIL_DOMAIN}`);
