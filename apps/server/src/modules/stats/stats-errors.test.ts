import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { createStatsCampaign, postStats, type StatsFixture } from '../../../test/stats-fixture';
import { errorOf, useTestApp } from '../../../test/test-app';
import { STATS_MESSAGES } from './stats-query';

const RANGE = { start: '2026-03-01T00:00:00Z', end: '2026-04-01T00:00:00Z' };

describeEachDatabase('campaign stats refusals', (kind) => {
  const t = useTestApp(kind);
  let mine: StatsFixture;
  let theirs: StatsFixture;
  const ask = (body: Record<string, unknown>, as: StatsFixture = mine) =>
    postStats(t.current, as, {
      id: as.campaignId,
      range: RANGE,
      timezone: 'Europe/Berlin',
      granularity: 'day',
      ...body,
    });
  const refusal = async (body: Record<string, unknown>) => {
    const response = await ask(body);
    return { status: response.statusCode, message: errorOf(response).message };
  };

  beforeAll(async () => {
    mine = await createStatsCampaign(t.current.app, 'Mine');
    theirs = await createStatsCampaign(t.current.app, 'Theirs');
  });

  it("answers 404 for an unknown campaign and another team's, which its owner can read", async () => {
    const notFound = { status: 404, message: STATS_MESSAGES.campaignNotFound };
    expect(await refusal({ id: 2_000_000 })).toEqual(notFound);
    expect(await refusal({ id: theirs.campaignId })).toEqual(notFound);
    expect((await ask({}, theirs)).statusCode).toBe(200);
    expect((await ask({})).statusCode).toBe(200);
  });

  it('refuses a goal of another campaign', async () => {
    expect(await refusal({ goalId: theirs.purchase })).toEqual({
      status: 400,
      message: STATS_MESSAGES.goalNotFound,
    });
  });

  it('refuses a time zone that is not an IANA name', async () => {
    for (const timezone of ['Mars/Olympus', '+01:00', 'Europe/Berlin; select 1', '']) {
      expect(await refusal({ timezone })).toEqual({
        status: 400,
        message: STATS_MESSAGES.badTimezone,
      });
    }
  });

  it('refuses an unknown granularity', async () => {
    expect(await refusal({ granularity: 'fortnight' })).toEqual({
      status: 400,
      message: STATS_MESSAGES.badGranularity,
    });
  });

  it('refuses dates that are not ISO 8601 instants', async () => {
    for (const start of ['yesterday', '2026-03-01', '2026-03-01T00:00:00']) {
      expect(await refusal({ range: { ...RANGE, start } })).toEqual({
        status: 400,
        message: STATS_MESSAGES.badDate,
      });
    }
  });

  it('refuses an end not after the start, in the range and in the comparison range', async () => {
    const backwards = { start: RANGE.end, end: RANGE.start };
    const endBeforeStart = { status: 400, message: STATS_MESSAGES.endBeforeStart };
    expect(await refusal({ range: backwards })).toEqual(endBeforeStart);
    expect(await refusal({ range: { start: RANGE.start, end: RANGE.start } })).toEqual(
      endBeforeStart,
    );
    expect(await refusal({ compareRange: backwards })).toEqual(endBeforeStart);
  });

  it('refuses a range over 2 years, and too many intervals for the granularity', async () => {
    expect(
      await refusal({ range: { start: '2025-01-01T00:00:00Z', end: '2027-01-03T00:00:00Z' } }),
    ).toEqual({ status: 400, message: STATS_MESSAGES.rangeTooLong });
    expect(
      await refusal({
        granularity: 'hour',
        range: { start: '2026-01-01T00:00:00Z', end: '2026-04-30T00:00:00Z' },
      }),
    ).toEqual({ status: 400, message: STATS_MESSAGES.tooManyIntervals });
  });
});
