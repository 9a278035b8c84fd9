import { z } from 'zod';

// The plausibility rule of counted traffic (issue 34, finding 3). Events come from browsers
// that cannot be authenticated, so one sender can make any count; what one sender cannot fake
// cheaply is many network addresses. Ingestion counts, per campaign, the visitors and views each
// client address brought (a keyed hash, never the address: docs/decisions.md "Traffic
// concentration"). While the counted traffic is concentrated on few addresses, nothing
// automatic acts on the counts: no idea experiment stops by itself (and so switches no campaign
// off and tells no one), bandit campaigns serve even shares, no notification or webhook goes
// out. People still see every number, with the warning, and may act by hand.

/** Counted traffic of one campaign by client address (an IPv6 /64 is one address). */
export interface AddressTraffic {
  /** Visitors counted with a known address: each at its first exposure. */
  visitors: number;
  /** Exposures (views) counted with a known address. */
  views: number;
  /** Distinct addresses among them. */
  addresses: number;
  /** The most visitors one address brought. */
  topAddressVisitors: number;
  /** The most views one address brought. */
  topAddressViews: number;
}

/**
 * The thresholds. Real traffic has about one visitor per address (up to a few behind a home,
 * office or carrier NAT) and a handful of views per visitor; a flood from one machine has
 * hundreds. The floors keep a team's own test visits (a few browsers, many reloads) from
 * counting as a flood.
 */
export const TRAFFIC_CONCENTRATION = {
  /** One address holding more than this share of the visitors, or of the views... */
  topShare: 0.2,
  /** ...once it brought at least this many visitors... */
  topVisitorsFloor: 20,
  /** ...or this many views. */
  topViewsFloor: 100,
  /** More visitors per address than this on average... */
  visitorsPerAddress: 10,
  /** ...once there are this many visitors. */
  visitorsFloor: 100,
  /** More views per address than this on average... */
  viewsPerAddress: 50,
  /** ...once there are this many views. */
  viewsFloor: 500,
} as const;

export const CONCENTRATION_REASONS = [
  'one_address_visitors',
  'few_addresses_visitors',
  'one_address_views',
  'few_addresses_views',
] as const;
export type ConcentrationReason = (typeof CONCENTRATION_REASONS)[number];

/** Why the traffic is concentrated (the first reason that holds), or null when it is not. */
export function concentrationReason(traffic: AddressTraffic): ConcentrationReason | null {
  const t = TRAFFIC_CONCENTRATION;
  const { visitors, views, addresses, topAddressVisitors, topAddressViews } = traffic;
  if (topAddressVisitors >= t.topVisitorsFloor && topAddressVisitors > t.topShare * visitors) {
    return 'one_address_visitors';
  }
  if (visitors >= t.visitorsFloor && visitors > t.visitorsPerAddress * addresses) {
    return 'few_addresses_visitors';
  }
  if (topAddressViews >= t.topViewsFloor && topAddressViews > t.topShare * views) {
    return 'one_address_views';
  }
  if (views >= t.viewsFloor && views > t.viewsPerAddress * addresses) {
    return 'few_addresses_views';
  }
  return null;
}

/** True while nothing automatic may act on the campaign's counts. */
export const isConcentrated = (traffic: AddressTraffic): boolean =>
  concentrationReason(traffic) !== null;

export const trafficConcentrationSchema = z.object({
  /** True: automatic stops, bandit shares and notifications wait; show `text`. */
  concentrated: z.boolean(),
  reason: z.enum(CONCENTRATION_REASONS).nullable(),
  visitors: z.number(),
  views: z.number(),
  addresses: z.number(),
  /** Share of the counted visitors the top address brought (0 without visitors). */
  topAddressShare: z.number(),
  /** The warning to show, null when not concentrated. */
  text: z.string().nullable(),
});
export type TrafficConcentration = z.infer<typeof trafficConcentrationSchema>;

const count = (n: number) => n.toLocaleString('en-US');
const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 'es'}`;

const WHY =
  'Until the traffic comes from more places, Kindling does not stop tests, shift bandit traffic or send notices on these numbers: they may be forged, or your own test visits.';

function warning(reason: ConcentrationReason, traffic: AddressTraffic): string {
  const { visitors, views, addresses } = traffic;
  switch (reason) {
    case 'one_address_visitors':
      return `${percent(traffic.topAddressVisitors, visitors)} of the ${count(visitors)} counted visitors came from one network address.`;
    case 'few_addresses_visitors':
      return `The ${count(visitors)} counted visitors came from only ${plural(addresses, 'network address')}.`;
    case 'one_address_views':
      return `${percent(traffic.topAddressViews, views)} of the ${count(views)} counted views came from one network address.`;
    case 'few_addresses_views':
      return `The ${count(views)} counted views came from only ${plural(addresses, 'network address')}.`;
  }
}

/** What the API answers beside the numbers (stats, idea experiments). */
export function presentTrafficConcentration(traffic: AddressTraffic): TrafficConcentration {
  const reason = concentrationReason(traffic);
  return {
    concentrated: reason !== null,
    reason,
    visitors: traffic.visitors,
    views: traffic.views,
    addresses: traffic.addresses,
    topAddressShare: traffic.visitors === 0 ? 0 : traffic.topAddressVisitors / traffic.visitors,
    text: reason === null ? null : `${warning(reason, traffic)} ${WHY}`,
  };
}

export const NO_ADDRESS_TRAFFIC: AddressTraffic = {
  visitors: 0,
  views: 0,
  addresses: 0,
  topAddressVisitors: 0,
  topAddressViews: 0,
};
