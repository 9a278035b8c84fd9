import { describe, expect, it } from 'vitest';
import {
  WAITLIST_CATALOGUE,
  WAITLIST_KEYS,
  WAITLIST_MESSAGES,
  waitlistChangeSchema,
  waitlistQuerySchema,
} from './waitlist';

describe('the waitlist catalogue', () => {
  it('has unique kebab-case keys, each with a title and a one-line description', () => {
    expect(new Set(WAITLIST_KEYS).size).toBe(WAITLIST_CATALOGUE.length);
    for (const entry of WAITLIST_CATALOGUE) {
      expect(entry.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(entry.title.trim()).not.toBe('');
      expect(entry.description.length).toBeLessThanOrEqual(100);
      expect(entry.description).toMatch(/\.$/);
    }
  });

  it('takes known keys only, with one message', () => {
    expect(waitlistChangeSchema.parse({ entry: 'shopify-app' })).toEqual({
      entry: 'shopify-app',
    });
    expect(waitlistQuerySchema.parse({})).toEqual({});
    for (const bad of [{ entry: 'teleport' }, { entry: '' }, {}, { entry: 3 }]) {
      const result = waitlistChangeSchema.safeParse(bad);
      expect(result.error?.issues[0]?.message).toBe(WAITLIST_MESSAGES.unknownEntry);
    }
  });
});
