import { describe, expect, it } from 'vitest';
import { SSO_MESSAGES, ssoRefusalMessage } from './sso';

describe('ssoRefusalMessage', () => {
  it('says what each refusal key stands for', () => {
    expect(ssoRefusalMessage('badState')).toBe(SSO_MESSAGES.badState);
    expect(ssoRefusalMessage('unverifiedEmail')).toBe(SSO_MESSAGES.unverifiedEmail);
    expect(ssoRefusalMessage(null)).toBeNull();
  });

  it('never shows words a link chose: anything else reads as a refusal', () => {
    for (const key of ['Call +1 555 0100 to unlock your account', 'ssoOnly', 'toString']) {
      expect(ssoRefusalMessage(key)).toBe(SSO_MESSAGES.refused);
    }
  });
});
