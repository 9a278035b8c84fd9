import type { TeamUsage } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { createStatsCampaign, insertRollups, type StatsFixture } from '../../../test/stats-fixture';
import { bearer, errorOf, useTestApp } from '../../../test/test-app';
import { USAGE_MONTHS_MESSAGE } from './routes';

const monthStart = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset));
};
const hourOf = (date: Date, hours: number) =>
  new Date(date.getTime() + hours * 3_600_000).toISOString();
const key = (date: Date) => date.toISOString().slice(0, 7);

describeEachDatabase('GET /api/team/{team}/usage', (kind) => {
  const t = useTestApp(kind);
  let mine: StatsFixture;
  let theirs: StatsFixture;
  const usage = (fixture: StatsFixture, query = '') =>
    t.current.app.inject({
      method: 'GET',
      url: `/api/team/${fixture.slug}/usage${query}`,
      headers: bearer(fixture.owner),
    });

  beforeAll(async () => {
    mine = await createStatsCampaign(t.current.app, 'Usage');
    theirs = await createStatsCampaign(t.current.app, 'Other usage');
    const thisMonth = monthStart(0);
    const lastMonth = monthStart(-1);
    const { headline, button, purchase } = mine;
    await insertRollups(t.current, mine.campaignId, [
      // This month every exposure reached both elements: 100, not 160.
      { hour: hourOf(thisMonth, 0), elementId: headline.id, arm: 0, exposures: 60 },
      { hour: hourOf(thisMonth, 1), elementId: headline.id, arm: headline.a, exposures: 40 },
      { hour: hourOf(thisMonth, 0), elementId: button.id, arm: 0, shard: 3, exposures: 60 },
      // Goal rows carry no exposures of their own; one that did would not count.
      {
        hour: hourOf(thisMonth, 0),
        elementId: button.id,
        arm: 0,
        goalId: purchase,
        exposures: 999,
      },
      // Last month the button was busier (the headline came later): 50.
      { hour: hourOf(lastMonth, 5), elementId: headline.id, arm: 0, exposures: 40 },
      { hour: hourOf(lastMonth, 5), elementId: button.id, arm: button.v, exposures: 50 },
      // Three months back: outside a two-month question.
      { hour: hourOf(monthStart(-3), 5), elementId: headline.id, arm: 0, exposures: 7 },
    ]);
    await insertRollups(t.current, theirs.campaignId, [
      { hour: hourOf(thisMonth, 2), elementId: theirs.headline.id, arm: 0, exposures: 1000 },
    ]);
  });

  it('adds up the campaigns of the team per month, each exposure once', async () => {
    const response = await usage(mine, '?months=2');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TeamUsage>()).toEqual({
      months: [
        { month: key(monthStart(-1)), exposures: 50 },
        { month: key(monthStart(0)), exposures: 100 },
      ],
    });
  });

  it('answers twelve months by default, months without traffic as zero', async () => {
    const { months } = (await usage(mine)).json<TeamUsage>();
    expect(months).toHaveLength(12);
    expect(months[11]).toEqual({ month: key(monthStart(0)), exposures: 100 });
    expect(months[9]).toEqual({ month: key(monthStart(-2)), exposures: 0 });
    expect(months[8]).toEqual({ month: key(monthStart(-3)), exposures: 7 });
    expect(months[0]!.month).toBe(key(monthStart(-11)));
    expect((await usage(theirs, '?months=1')).json<TeamUsage>().months).toEqual([
      { month: key(monthStart(0)), exposures: 1000 },
    ]);
  });

  it('refuses a number of months it cannot answer', async () => {
    for (const months of ['0', '25', '1.5', 'twelve']) {
      const response = await usage(mine, `?months=${months}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(USAGE_MONTHS_MESSAGE);
    }
  });

  it("refuses another team's usage", async () => {
    const response = await t.current.app.inject({
      method: 'GET',
      url: `/api/team/${theirs.slug}/usage`,
      headers: bearer(mine.owner),
    });
    expect(response.statusCode).toBe(404);
  });
});
