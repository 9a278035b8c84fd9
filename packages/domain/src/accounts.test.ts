import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  API_KEY_NAME_MESSAGE,
  apiKeyNameSchema,
  isLastOwner,
  realNameSchema,
  teamNameSchema,
} from './accounts';
import { campaignNameSchema, CAMPAIGN_FORM_MESSAGES } from './campaign-form';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('names made of invisible characters are blank', () => {
  it.each([
    ['a real name', realNameSchema, ACCOUNT_MESSAGES.realNameRequired],
    ['a team name', teamNameSchema, ACCOUNT_MESSAGES.teamNameRequired],
    ['an API key name', apiKeyNameSchema, API_KEY_NAME_MESSAGE],
    ['a campaign name', campaignNameSchema, CAMPAIGN_FORM_MESSAGES.nameRequired],
  ])('refuses %s of zero-width spaces, joiners and a BOM', (_label, schema, message) => {
    expect(firstMessage(schema.safeParse('\u200B\u200C\u200D\uFEFF \u2060'))).toBe(message);
  });

  it('keeps the visible name, trimmed of invisible edges', () => {
    expect(teamNameSchema.parse('\u200B Acme\u200DGrowth \uFEFF')).toBe('Acme\u200DGrowth');
  });
});

describe('the last owner', () => {
  it('stays: removing the only owner would leave the team without one', () => {
    expect(isLastOwner('owner', 1)).toBe(true);
    expect(isLastOwner('owner', 2)).toBe(false);
    expect(isLastOwner('member', 1)).toBe(false);
    expect(isLastOwner('member', 0)).toBe(false);
  });
});
