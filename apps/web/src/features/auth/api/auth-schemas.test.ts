import { ACCOUNT_MESSAGES, validateForm } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { resetPasswordFormSchema, signInFormSchema, signUpFormSchema } from './auth-schemas';

const messages = (schema: Parameters<typeof validateForm>[0], values: unknown) =>
  Object.fromEntries(
    Object.entries(validateForm(schema, values)).map(([field, error]) => [field, error.message]),
  );

describe('the auth forms (zod/mini over the domain rules)', () => {
  it('ask for an e-mail and a password on an empty sign-in', () => {
    expect(messages(signInFormSchema, { email: '  ', password: '' })).toEqual({
      email: 'Please enter your e-mail',
      password: 'Please enter your password',
    });
    expect(messages(signInFormSchema, { email: 'ada@', password: 'x' })).toEqual({
      email: ACCOUNT_MESSAGES.email,
    });
    expect(messages(signInFormSchema, { email: ' ada@example.com ', password: 'x' })).toEqual({});
  });

  it('apply the server password policy on sign-up', () => {
    expect(
      messages(signUpFormSchema, { realName: 'Ada', email: 'ada@example.com', password: 'abc' }),
    ).toEqual({ password: ACCOUNT_MESSAGES.passwordTooShort });
  });

  it('report a mismatched repeat on the repeat field', () => {
    expect(
      messages(resetPasswordFormSchema, { password: 'abcdefg1', confirmPassword: 'abcdefg2' }),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});
