import { describe, expect, it } from 'vitest';
import { inviteDeliveryMessage } from './invite-delivery';

describe('inviteDeliveryMessage', () => {
  it('says whether the mail went out, and how long the link works', () => {
    expect(inviteDeliveryMessage('sent', 'a@b.co')).toBe(
      'We e-mailed the invitation to a@b.co. You can also pass this link on yourself. The link works once, for 7 days.',
    );
    expect(inviteDeliveryMessage('not-configured', 'a@b.co')).toBe(
      'No mail server is set up for Kindling, so send this link to a@b.co yourself. The link works once, for 7 days.',
    );
    expect(inviteDeliveryMessage('failed', 'a@b.co')).toBe(
      'The invitation e-mail to a@b.co could not be sent. Send this link yourself. The link works once, for 7 days.',
    );
  });
});
