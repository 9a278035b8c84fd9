import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  emailSchema,
  passwordProblem,
  passwordSchema,
  usernameSchema,
} from './account-rules';
import { registerSchema } from './accounts';
import { validateField, validateForm } from './form-validation';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message);

describe('the account rules (zod/mini)', () => {
  it('apply the password policy in order', () => {
    expect(passwordProblem('short1')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(passwordProblem('lettersonly')).toBe(ACCOUNT_MESSAGES.passwordNeedsMix);
    expect(passwordProblem(`a1${'x'.repeat(127)}`)).toBe(ACCOUNT_MESSAGES.passwordTooLong);
    expect(passwordProblem('Längre-lösen-9')).toBeUndefined();
  });

  it('trim and lower-case an e-mail address, and refuse a malformed one', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(messages(emailSchema.safeParse('ada@'))).toEqual([ACCOUNT_MESSAGES.email]);
    expect(messages(emailSchema.safeParse(`${'a'.repeat(250)}@b.io`))).toEqual([
      ACCOUNT_MESSAGES.email,
    ]);
  });

  it('check a username after trimming it', () => {
    expect(usernameSchema.parse(' ada.l ')).toBe('ada.l');
    expect(messages(usernameSchema.safeParse('_ada'))).toEqual([ACCOUNT_MESSAGES.usernameShape]);
  });

  it('run inside classic zod schemas, as the server composes them', () => {
    const result = registerSchema.safeParse({ email: 'x', password: 'abc', realName: ' ' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', ACCOUNT_MESSAGES.email],
      ['password', ACCOUNT_MESSAGES.passwordTooShort],
      ['password', ACCOUNT_MESSAGES.passwordNeedsMix],
      ['realName', ACCOUNT_MESSAGES.realNameRequired],
    ]);
    const update = z.object({ password: z.optional(passwordSchema) });
    expect(update.safeParse({}).success).toBe(true);
    expect(messages(update.safeParse({ password: 'abcdefgh' }))).toEqual([
      ACCOUNT_MESSAGES.passwordNeedsMix,
    ]);
  });

  it('give the forms their messages, field by field', () => {
    const form = z.object({ email: emailSchema, password: passwordSchema });
    expect(validateForm(form, { email: 'nope', password: 'abcdefgh1' })).toEqual({
      email: { type: 'redux-validate', message: ACCOUNT_MESSAGES.email },
    });
    expect(validateField(form, 'password', { email: 'a@b.io', password: 'abc' })?.message).toBe(
      ACCOUNT_MESSAGES.passwordTooShort,
    );
  });
});
