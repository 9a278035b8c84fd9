import { z } from 'zod';
import { trimText } from './text';

export const ACCOUNT_MESSAGES = {
  email: 'Please enter a valid email address',
  realNameRequired: 'Please enter your name',
  realNameTooLong: 'Name must be at most 255 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordNeedsMix: 'Password must contain at least one letter and one number',
  usernameShape:
    'Usernames are 3 to 30 characters: letters, numbers, ".", "-" or "_", starting with a letter or number',
  usernameTaken: 'This username is already taken',
  teamNameRequired: 'Please enter a team name',
  teamNameTooShort: 'Team name must be at least 2 characters',
  teamNameTooLong: 'Team name must be at most 80 characters',
  emailTaken: 'An account with this e-mail already exists',
} as const;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(ACCOUNT_MESSAGES.email).max(254, ACCOUNT_MESSAGES.email));

export const passwordSchema = z
  .string()
  .min(8, ACCOUNT_MESSAGES.passwordTooShort)
  .max(128, ACCOUNT_MESSAGES.passwordTooLong)
  .refine(
    (value) => /\p{L}/u.test(value) && /\p{N}/u.test(value),
    ACCOUNT_MESSAGES.passwordNeedsMix,
  );

export const realNameSchema = z
  .string()
  .overwrite(trimText)
  .min(1, ACCOUNT_MESSAGES.realNameRequired)
  .max(255, ACCOUNT_MESSAGES.realNameTooLong);

export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]{2,29}$/u, ACCOUNT_MESSAGES.usernameShape);

export const teamNameSchema = z
  .string()
  .overwrite(trimText)
  .min(1, ACCOUNT_MESSAGES.teamNameRequired)
  .min(2, ACCOUNT_MESSAGES.teamNameTooShort)
  .max(80, ACCOUNT_MESSAGES.teamNameTooLong);

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  realName: realNameSchema,
});

export const teamRoleSchema = z.enum(['owner', 'member']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/**
 * Whether removing a member of this role would leave the team without an owner: the last owner
 * stays (the server refuses it, and the app does not offer it).
 */
export const isLastOwner = (role: TeamRole, ownerCount: number): boolean =>
  role === 'owner' && ownerCount <= 1;

export const PREVIEW_SIZES = ['mobile', 'tablet', 'desktop'] as const;
export type PreviewSize = (typeof PREVIEW_SIZES)[number];

export const userPreferencesSchema = z.object({
  timezone: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isKnownTimeZone, 'Please choose a time zone from the list')
    .default('UTC'),
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

/** First failing message of the password policy, or undefined when the password is acceptable. */
export function passwordProblem(password: string): string | undefined {
  const result = passwordSchema.safeParse(password);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export const API_KEY_NAME_MESSAGE = 'Please enter a name for the key';
export const apiKeyNameSchema = z
  .string()
  .overwrite(trimText)
  .min(1, API_KEY_NAME_MESSAGE)
  .max(60, API_KEY_NAME_MESSAGE);

/** The shared guest account's address domain (RFC 2606 .invalid): nobody else may hold or be
 * invited at an address of it, or guest sign-in and guests' screens would be theirs to spoil. */
export const GUEST_EMAIL_DOMAIN = 'kindling.invalid';

/** Whether an address is reserved for the guest account. */
export const isReservedEmail = (email: string): boolean =>
  email.trim().toLowerCase().endsWith(`@${GUEST_EMAIL_DOMAIN}`);
