import { ACCOUNT_MESSAGES, passwordSchema, realNameSchema, teamNameSchema } from '@kindling/domain';
import { z } from 'zod';

const email = z
  .string()
  .trim()
  .min(1, { error: 'Please enter your e-mail', abort: true })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.email }));

export const signInFormSchema = z.object({
  email,
  password: z.string().min(1, 'Please enter your password'),
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
    confirmPassword: z.string().min(1, 'Please repeat the new password'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
