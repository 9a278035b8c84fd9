import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  markNotificationsReadSchema,
  NOTIFICATION_MESSAGES,
  notificationInputSchema,
  notificationLinkSchema,
} from './notifications';

describe('notification links', () => {
  it('accept paths inside the app', () => {
    for (const link of ['/admin/acme/campaign/3', '/admin/acme/pages/12/test?tab=results']) {
      expect(notificationLinkSchema.parse(link)).toBe(link);
    }
  });

  it('refuse anything that could leave the app', () => {
    for (const link of [
      'https://evil.example/admin/',
      '//evil.example/admin/',
      '/\\evil.example',
      '/admin\\/evil.example',
      '/admin /x',
      'javascript:alert(1)',
      '/campaigns',
      '',
    ]) {
      expect(notificationLinkSchema.safeParse(link).error?.issues[0]?.message).toBe(
        NOTIFICATION_MESSAGES.link,
      );
    }
  });

  it('every accepted link is an /admin/ path with no backslash or white space', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (prefix, rest) => {
        const result = notificationLinkSchema.safeParse(prefix + rest);
        if (result.success) {
          expect(result.data.startsWith('/admin/')).toBe(true);
          expect(result.data).not.toMatch(/[\\\s]/);
        }
      }),
    );
  });
});

describe('notification input', () => {
  it('trims, folds the title to one line, and defaults the link to null', () => {
    expect(
      notificationInputSchema.parse({ title: '  Idea test\n  stopped ', body: ' Hi ' }),
    ).toEqual({ title: 'Idea test stopped', body: 'Hi', link: null });
  });

  it('refuses a blank title and unsafe text', () => {
    expect(notificationInputSchema.safeParse({ title: '\u200B', body: '' }).success).toBe(false);
    expect(notificationInputSchema.safeParse({ title: 'a', body: '\uD800' }).success).toBe(false);
  });
});

describe('marking read', () => {
  it('takes no ids (all) or up to 100 positive whole ids', () => {
    expect(markNotificationsReadSchema.parse({})).toEqual({});
    expect(markNotificationsReadSchema.parse({ ids: [1, 2] })).toEqual({ ids: [1, 2] });
    for (const ids of [[0], [-1], [1.5], ['1'], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      expect(markNotificationsReadSchema.safeParse({ ids }).error?.issues[0]?.message).toBe(
        NOTIFICATION_MESSAGES.ids,
      );
    }
  });
});
