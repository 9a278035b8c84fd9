import { describe, expect, it } from 'vitest';
import { campaignSchemasFor } from './campaign';
import { GoalEventType } from './goal-schema';
import { isValidCampaignUrl, isValidPageUrl, ownPageAddress } from './own-page-url';

const LOCAL = 'http://localhost:3000';

describe('ownPageAddress', () => {
  it('reads the team and slug of a page under the pages origin, and its thank-you page', () => {
    expect(ownPageAddress(`${LOCAL}/p/acme/launch`, LOCAL)).toEqual({
      team: 'acme',
      slug: 'launch',
      thanks: false,
    });
    expect(ownPageAddress(`${LOCAL}/p/acme/launch/thanks`, `${LOCAL}/`)).toMatchObject({
      thanks: true,
    });
  });

  it('is null for other origins, other paths and without a pages origin', () => {
    expect(ownPageAddress('http://localhost:3001/p/acme/launch', LOCAL)).toBeNull();
    expect(ownPageAddress('https://localhost:3000/p/acme/launch', LOCAL)).toBeNull();
    expect(ownPageAddress(`${LOCAL}/admin/acme/pages`, LOCAL)).toBeNull();
    expect(ownPageAddress(`${LOCAL}/p/acme/launch/signup`, LOCAL)).toBeNull();
    expect(ownPageAddress(`${LOCAL}/p/acme/launch`, undefined)).toBeNull();
    expect(ownPageAddress(`${LOCAL}/p/acme/%E0%A4%A`, LOCAL)).toBeNull();
  });
});

describe('isValidCampaignUrl / isValidPageUrl', () => {
  it("accepts the app's own pages on localhost and IP hosts, only those", () => {
    expect(isValidCampaignUrl(`${LOCAL}/p/acme/launch`, LOCAL)).toBe(true);
    expect(isValidPageUrl('http://192.168.1.5:3000/p/acme/launch', 'http://192.168.1.5:3000')).toBe(
      true,
    );
    expect(isValidCampaignUrl(`${LOCAL}/p/acme/launch`)).toBe(false);
    expect(isValidCampaignUrl(`${LOCAL}/pricing`, LOCAL)).toBe(false);
    expect(isValidCampaignUrl('http://127.0.0.1:3000/p/acme/launch', LOCAL)).toBe(false);
    expect(isValidCampaignUrl('https://example.com/pricing', LOCAL)).toBe(true);
  });
});

describe('campaignSchemasFor', () => {
  const body = (url: string) => ({
    ingestedUrl: url,
    name: 'Launch page',
    goals: [
      { id: 1, event: { type: GoalEventType.PageView, name: 'Sign-up', url: `${url}/thanks` } },
    ],
  });

  it("takes the app's own page as the campaign page and as a page-view goal", () => {
    const { input, save } = campaignSchemasFor(LOCAL);
    expect(input.safeParse(body(`${LOCAL}/p/acme/launch`)).success).toBe(true);
    expect(save.safeParse({ ...body(`${LOCAL}/p/acme/launch`), id: 4 }).success).toBe(true);
  });

  it('refuses the same address without that origin, with the form message on each field', () => {
    const result = campaignSchemasFor(undefined).input.safeParse(body(`${LOCAL}/p/acme/launch`));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(paths).toEqual([
      ['ingestedUrl', 'Please check that you have entered a valid URL'],
      ['goals.0.event.url', 'Please check that you have entered a valid URL'],
    ]);
  });
});
