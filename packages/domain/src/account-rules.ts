import { z } from 'zod/mini';
import { trimText } from './text';

// The account field rules, written with `zod/mini` so the sign-in and sign-up screens can run the
// server's own rules without loading classic zod (about 20 KB gzip more). Mini schemas are zod
// core schemas: classic objects, `.pipe()`, `z.optional()` and `z.union()` take them as they are.
// Keep classic zod out of this module: it is on the signed-out first screen.

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

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase()),
  z.email(ACCOUNT_MESSAGES.email).check(z.maxLength(254, ACCOUNT_MESSAGES.email)),
);

export const passwordSchema = z.string().check(
  z.minLength(8, ACCOUNT_MESSAGES.passwordTooShort),
  z.maxLength(128, ACCOUNT_MESSAGES.passwordTooLong),
  z.refine(
    (value) => /\p{L}/u.test(value) && /\p{N}/u.test(value),
    ACCOUNT_MESSAGES.passwordNeedsMix,
  ),
);

export const realNameSchema = z
  .string()
  .check(
    z.overwrite(trimText),
    z.minLength(1, ACCOUNT_MESSAGES.realNameRequired),
    z.maxLength(255, ACCOUNT_MESSAGES.realNameTooLong),
  );

export const usernameSchema = z
  .string()
  .check(z.trim(), z.regex(/^[\p{L}\p{N}][\p{L}\p{N}._-]{2,29}$/u, ACCOUNT_MESSAGES.usernameShape));

export const teamNameSchema = z
  .string()
  .check(
    z.overwrite(trimText),
    z.minLength(1, ACCOUNT_MESSAGES.teamNameRequired),
    z.minLength(2, ACCOUNT_MESSAGES.teamNameTooShort),
    z.maxLength(80, ACCOUNT_MESSAGES.teamNameTooLong),
  );

/** First failing message of the password policy, or undefined when the password is acceptable. */
export function passwordProblem(password: string): string | undefined {
  const result = passwordSchema.safeParse(password);
  return result.success ? undefined : result.error.issues[0]?.message;
}
