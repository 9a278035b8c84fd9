import type { CollectEvent } from '@kindling/domain';
import type { AddressKeyOf } from './address-keys';
import { visitorKey } from './rollup-plan';
import type { AddressCountRow } from './traffic-repo';

type Exposure = Extract<CollectEvent, { type: 'exposure' }>;

/** Campaign id -> the key of the client's address, for the campaigns the events name. */
export function addressKeysOf(
  events: readonly CollectEvent[],
  addressKeyOf: AddressKeyOf | undefined,
) {
  const keys = new Map<number, string>();
  if (!addressKeyOf) return keys;
  for (const { campaignId } of events) {
    if (keys.has(campaignId)) continue;
    const key = addressKeyOf(campaignId);
    if (key !== undefined) keys.set(campaignId, key);
  }
  return keys;
}

/**
 * Per campaign and address: the new exposures (views) and the visitors they opened (the
 * exposure that created the visitor row), the same counts the rollups get.
 */
export function planAddressCounts({
  exposures,
  newVisitors,
  addressOf,
}: {
  exposures: readonly Exposure[];
  newVisitors: ReadonlyMap<string, Exposure>;
  addressOf: ReadonlyMap<string, string>;
}): AddressCountRow[] {
  const rows = new Map<string, AddressCountRow>();
  for (const event of exposures) {
    const addressKey = addressOf.get(event.id);
    if (addressKey === undefined) continue;
    const id = `${event.campaignId}:${addressKey}`;
    const row = rows.get(id) ?? { campaignId: event.campaignId, addressKey, visitors: 0, views: 0 };
    rows.set(id, row);
    row.views += 1;
    if (newVisitors.get(visitorKey(event)) === event) row.visitors += 1;
  }
  return [...rows.values()];
}
