import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INSTANCE_ADMIN_MESSAGES,
  instanceFlagChangeSchema,
  instancePageSchema,
  likeContains,
} from './instance-admin';

/** LIKE as PostgreSQL reads it with the default escape character. */
function likeMatches(pattern: string, text: string): boolean {
  let regex = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const character = pattern[i]!;
    if (character === '\\') {
      i += 1;
      regex += (pattern[i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else if (character === '%') regex += '[\\s\\S]*';
    else if (character === '_') regex += '[\\s\\S]';
    else regex += character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${regex}$`).test(text);
}

describe('instance admin input', () => {
  it('a search matches exactly the texts that contain it, wildcards included', () => {
    expect(likeMatches(likeContains('50%'), 'save 50% now')).toBe(true);
    expect(likeMatches(likeContains('50%'), 'save 500 now')).toBe(false);
    expect(likeMatches(likeContains('a_b'), 'axb')).toBe(false);
    fc.assert(
      fc.property(fc.string(), fc.string(), (needle, hay) => {
        expect(likeMatches(likeContains(needle), hay)).toBe(hay.includes(needle));
      }),
    );
  });

  it('refuses unknown flags and bad pages with a message', () => {
    const flag = instanceFlagChangeSchema.safeParse({ team: 'acme', flag: 'nope', enabled: true });
    expect(flag.success).toBe(false);
    expect(flag.error?.issues[0]?.message).toBe(INSTANCE_ADMIN_MESSAGES.unknownFlag);
    expect(instancePageSchema.safeParse('0').success).toBe(false);
    expect(instancePageSchema.safeParse('1.5').success).toBe(false);
    expect(instancePageSchema.parse(undefined)).toBe(1);
    expect(instancePageSchema.parse('3')).toBe(3);
  });
});
