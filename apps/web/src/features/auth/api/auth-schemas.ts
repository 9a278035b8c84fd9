import { ACCOUNT_MESSAGES, passwordSchema, realNameSchema, teamNameSchema } from '@kindling/domain';
import { z } from 'zod/mini';

// zod/mini, like the domain's account rules, so the signed-out screens load no classic zod.

const email = z.pipe(
  z.string().check(z.trim(), z.minLength(1, { error: 'Please enter your e-mail', abort: true })),
  z.email({ error: ACCOUNT_MESSAGES.email }),
);

export const signInFormSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Please enter your password')),
});

export const signUpFormSchema = z.object({
  realName: realNameSchema,
  email,
  password: passwordSchema,
});

export const createTeamFormSchema = z.object({ name: teamNameSchema });

export const forgotPasswordFormSchema = z.object({ email });

/** The sign-up password rule, typed twice. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'Please repeat the new password')),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      error: 'Passwords do not match',
      path: ['confirmPassword'],
    }),
  );
