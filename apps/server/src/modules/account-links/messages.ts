/** Shown verbatim by the web app; tests assert them. */
export const LINK_MESSAGES = {
  resetLinkDead: 'This reset link has expired or was already used. Ask for a new one.',
  resetLinkInvalid:
    'This reset link is not valid. Check that you copied the whole address, or ask for a new one.',
  verifyLinkDead:
    'This verification link has expired or was already used. Ask for a new one from your account settings.',
  verifyLinkInvalid:
    'This verification link is not valid. Check that you copied the whole address, or ask for a new one from your account settings.',
  verifyLinkOtherAddress:
    'This link was sent to an address your account no longer uses. Ask for a new one from your account settings.',
  alreadyVerified: 'Your e-mail address is already verified.',
  tooManyLinks:
    'Too many links were sent to this address in the last hour. Please try again later.',
} as const;

export const RESET_LINK_HOURS = 1;
export const VERIFY_LINK_HOURS = 24;
/** Links mailed to one address (or asked for by one account) per hour. */
export const LINKS_PER_ADDRESS_PER_HOUR = 5;
