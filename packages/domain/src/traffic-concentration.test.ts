import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  concentrationReason,
  isConcentrated,
  NO_ADDRESS_TRAFFIC,
  presentTrafficConcentration,
  TRAFFIC_CONCENTRATION,
  type AddressTraffic,
} from './traffic-concentration';

/** What the server's rollup answers for traffic given per address as [visitors, views]. */
function summed(perAddress: readonly (readonly [number, number])[]): AddressTraffic {
  return {
    visitors: perAddress.reduce((sum, [visitors]) => sum + visitors, 0),
    views: perAddress.reduce((sum, [, views]) => sum + views, 0),
    addresses: perAddress.length,
    topAddressVisitors: Math.max(0, ...perAddress.map(([visitors]) => visitors)),
    topAddressViews: Math.max(0, ...perAddress.map(([, views]) => views)),
  };
}

/** A real visitor population: 1 to 3 visitor ids behind an address, 1 to 5 views each. */
const realAddress = fc
  .integer({ min: 1, max: 3 })
  .chain((visitors) =>
    fc.integer({ min: visitors, max: visitors * 5 }).map((views) => [visitors, views] as const),
  );

describe('traffic concentration', () => {
  it('is not concentrated without traffic, or with a team testing its own page', () => {
    expect(concentrationReason(NO_ADDRESS_TRAFFIC)).toBeNull();
    // Six browsers of the office reloading 15 times each, among 40 real visitors.
    const office: [number, number] = [6, 90];
    const real = Array.from({ length: 40 }, (): [number, number] => [1, 2]);
    expect(concentrationReason(summed([office, ...real]))).toBeNull();
  });

  it('names the 122-request replay (976 visitors, 976 views from one address) concentrated', () => {
    const attack = summed([[976, 976]]);
    expect(concentrationReason(attack)).toBe('one_address_visitors');
    const shown = presentTrafficConcentration(attack);
    expect(shown).toMatchObject({ concentrated: true, addresses: 1, topAddressShare: 1 });
    expect(shown.text).toMatch(
      /^100% of the 976 counted visitors came from one network address\. Until the traffic comes from more places, Kindling does not stop tests/,
    );
  });

  it('catches each way of concentrating, at its thresholds', () => {
    const t = TRAFFIC_CONCENTRATION;
    // One address above a fifth of the visitors, once it brought 20.
    expect(concentrationReason(summed([[20, 20], ...Array(79).fill([1, 1])]))).toBe(
      'one_address_visitors',
    );
    expect(concentrationReason(summed([[20, 20], ...Array(80).fill([1, 1])]))).toBeNull();
    expect(concentrationReason(summed([[19, 19]]))).toBeNull();
    // Ten addresses of 11 visitors: none above a fifth, but 11 visitors per address.
    expect(concentrationReason(summed(Array(10).fill([11, 11])))).toBe('few_addresses_visitors');
    expect(concentrationReason(summed(Array(10).fill([10, 10])))).toBeNull();
    // One visitor per arm reloading a thousand times (the view limit, forged).
    expect(concentrationReason(summed([[2, 2000], ...Array(30).fill([1, 1])]))).toBe(
      'one_address_views',
    );
    expect(concentrationReason(summed(Array(10).fill([2, t.viewsPerAddress + 10])))).toBe(
      'few_addresses_views',
    );
    expect(presentTrafficConcentration(summed(Array(10).fill([11, 11]))).text).toMatch(
      /^The 110 counted visitors came from only 10 network addresses\./,
    );
  });

  it('never flags real traffic, however much of it (property)', () => {
    fc.assert(
      fc.property(fc.array(realAddress, { maxLength: 3000 }), (addresses) => {
        const traffic = summed(addresses);
        return concentrationReason(traffic) === null && !presentTrafficConcentration(traffic).text;
      }),
    );
  });

  it('always flags 100 visitors or more from fewer than 10 addresses, split any way (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 9 }),
        fc.integer({ min: 1, max: 20 }),
        (visitors, viewsEach) => {
          fc.pre(visitors.reduce((a, b) => a + b, 0) >= 100);
          return isConcentrated(summed(visitors.map((v) => [v, v * viewsEach] as const)));
        },
      ),
    );
  });

  it('flags one address flooding real traffic with more than a quarter of it (property)', () => {
    fc.assert(
      fc.property(
        fc.array(realAddress, { maxLength: 2000 }),
        fc.integer({ min: 20, max: 20_000 }),
        (real, flood) => {
          const traffic = summed([...real, [flood, flood]]);
          fc.pre(flood > 0.25 * traffic.visitors);
          return isConcentrated(traffic);
        },
      ),
    );
  });

  it('reports the top share it judged, with and without visitors', () => {
    expect(presentTrafficConcentration(NO_ADDRESS_TRAFFIC)).toEqual({
      concentrated: false,
      reason: null,
      visitors: 0,
      views: 0,
      addresses: 0,
      topAddressShare: 0,
      text: null,
    });
    expect(
      presentTrafficConcentration(
        summed([
          [3, 3],
          [1, 1],
        ]),
      ).topAddressShare,
    ).toBe(0.75);
  });
});
