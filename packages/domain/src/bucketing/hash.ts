// Visitor bucketing, issue 9. The hash is public so that anyone can check an assignment:
//   unit(seed) = fmix32(fnv1a32(seed)) / 2^32
// FNV-1a 32-bit runs over the seed's UTF-16 code units (our seeds are ASCII, where these are
// the UTF-8 bytes); murmur3's fmix32 finaliser then spreads nearby seeds, which FNV alone maps
// to nearby values. Test vectors: bucketing-vectors.json, checked by the server and the runtime.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

export function fmix32(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A number in [0, 1), the same for the same seed everywhere. */
export const unitHash = (seed: string): number => fmix32(fnv1a32(seed)) / 2 ** 32;

/** The seed of one decision about one visitor in one campaign: `{campaignId}:{salt}:{visitorId}`. */
export const bucketSeed = (campaignId: number, salt: string, visitorId: string): string =>
  `${campaignId}:${salt}:${visitorId}`;
