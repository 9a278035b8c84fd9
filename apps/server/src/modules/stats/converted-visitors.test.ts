import { randomUUID } from 'node:crypto';
import { elementSignificance, type ArmCounts, type ElementCounts } from '@kindling/domain';

/** The engine on each element alone: each element's variants are one family. */
const significanceOfElements = ({ elements }: { elements: ElementCounts[] }) => ({
  elements: elements.map((element) => elementSignificance(element)),
});
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  createStatsCampaign,
  postStats,
  type Stats,
  type StatsFixture,
} from '../../../test/stats-fixture';
import { useTestApp } from '../../../test/test-app';

// Significance from events posted to the collector, end to end: the engine gets the visitors
// who converted, each once however many sessions they converted in.

const HOUR = 3_600_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/143.0 Safari/537.36';

describeEachDatabase('converted visitors in significance', (kind) => {
  const t = useTestApp(kind, { COLLECT_RATE_LIMIT_PER_MINUTE: 1000 });
  let f: StatsFixture;
  const now = Date.now();
  const later = Math.floor(now / HOUR) * HOUR;
  // Exposures and first sessions three hours before `later`'s hour.
  const earlier = later - 3 * HOUR;

  const event = (visitorId: string, session: number, ts: number) => ({
    id: randomUUID(),
    campaignId: f.campaignId,
    visitorId,
    sessionId: `${visitorId}-s${session}`,
    ts,
    url: 'https://shop.example.com/landing',
  });
  const exposure = (
    visitorId: string,
    session: number,
    ts: number,
    headlineArm: number | null,
  ) => ({
    ...event(visitorId, session, ts),
    type: 'exposure',
    assignments: { [f.headline.id]: headlineArm ?? 'control', [f.button.id]: 'control' },
    applied: { [f.headline.id]: 40, [f.button.id]: 40 },
  });
  /** The whole funnel in one session: signup, then purchase. */
  const converts = (visitorId: string, session: number, ts: number) => [
    { ...event(visitorId, session, ts + 1000), type: 'goal', goalId: f.signup },
    { ...event(visitorId, session, ts + 2000), type: 'goal', goalId: f.purchase },
  ];
  const collect = async (events: unknown[]) => {
    const response = await t.current.app.inject({
      method: 'POST',
      url: '/api/collect',
      headers: { 'user-agent': BROWSER },
      payload: { events },
    });
    expect(response.statusCode, response.body).toBe(202);
  };
  const stats = async (start: number, end: number) => {
    const response = await postStats(t.current, f, {
      id: f.campaignId,
      range: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
      timezone: 'UTC',
      granularity: 'hour',
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Stats>();
  };
  const significanceOf = (
    s: Stats,
    headline: [ArmCounts, ArmCounts, ArmCounts],
    button: [ArmCounts, ArmCounts],
  ) => {
    const expected = significanceOfElements({
      elements: [
        { control: headline[0], variants: headline.slice(1) },
        { control: button[0], variants: button.slice(1) },
      ],
    });
    const h = s.elements[f.headline.id]!;
    const b = s.elements[f.button.id]!;
    expect(h.variants[f.headline.a]!.significance).toEqual(expected.elements[0]!.variants[0]);
    expect(h.variants[f.headline.b]!.significance).toEqual(expected.elements[0]!.variants[1]);
    expect(b.variants[f.button.v]!.significance).toEqual(expected.elements[1]!.variants[0]);
  };

  beforeAll(async () => {
    f = await createStatsCampaign(t.current.app, 'Converted');
    const a = f.headline.a;
    // Ann converts in two sessions, the second in a batch of its own (her visitor row is
    // looked up); Bob converts in two sessions of one batch; Cid converts once, in the later
    // hour only; Fay never converts. Dan (control) converts twice, Eve never.
    await collect([
      exposure('ann', 1, earlier, a),
      ...converts('ann', 1, earlier),
      exposure('bob', 1, earlier, a),
      ...converts('bob', 1, earlier),
      exposure('bob', 2, earlier + 60_000, a),
      ...converts('bob', 2, earlier + 60_000),
      exposure('cid', 1, earlier, a),
      exposure('fay', 1, earlier, a),
      exposure('dan', 1, earlier, null),
      ...converts('dan', 1, earlier),
      exposure('eve', 1, earlier, null),
    ]);
    await collect([exposure('ann', 2, later, a), ...converts('ann', 2, later)]);
    await collect([...converts('dan', 2, later)]);
    await collect([exposure('cid', 2, later, a), ...converts('cid', 2, later)]);
  });

  it('counts a visitor converting in two sessions once, and two converting visitors twice', async () => {
    const s = await stats(earlier, later + HOUR);
    const a = s.elements[f.headline.id]!.variants[f.headline.a]!.overall.discrete;
    // Five purchase sessions (Ann 2, Bob 2, Cid 1) but three converted visitors of four.
    expect(a).toMatchObject({ visitors: 4, conversions: 5, funnelConversions: 5 });
    const control = s.elements[f.headline.id]!.variants.control!.overall.discrete;
    expect(control).toMatchObject({ visitors: 2, conversions: 2 });
    significanceOf(
      s,
      [
        { visitors: 2, conversions: 1 },
        { visitors: 4, conversions: 3 },
        { visitors: 0, conversions: 0 },
      ],
      [
        { visitors: 6, conversions: 4 },
        { visitors: 0, conversions: 0 },
      ],
    );
  });

  it('counts a first conversion in the hour it happened, capped by the visitors first exposed then', async () => {
    // The later hour alone: nobody was first exposed in it, and only Cid first converted in it.
    const s = await stats(later, later + HOUR);
    expect(s.elements[f.headline.id]!.variants[f.headline.a]!.overall.discrete).toMatchObject({
      visitors: 0,
      conversions: 2, // Ann's second session and Cid's
    });
    significanceOf(
      s,
      [
        { visitors: 0, conversions: 0 },
        { visitors: 0, conversions: 0 },
        { visitors: 0, conversions: 0 },
      ],
      [
        { visitors: 0, conversions: 0 },
        { visitors: 0, conversions: 0 },
      ],
    );
    // The earlier hours: the first reaches of Ann, Bob and Dan.
    const before = await stats(earlier, later);
    significanceOf(
      before,
      [
        { visitors: 2, conversions: 1 },
        { visitors: 4, conversions: 2 },
        { visitors: 0, conversions: 0 },
      ],
      [
        { visitors: 6, conversions: 3 },
        { visitors: 0, conversions: 0 },
      ],
    );
  });
});
