import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campaignMetaSchema } from './campaign';
import { MAX_POPUP_CLICKS } from './popup-click-limits';
import {
  encodePopupClicks,
  popupClicksOf,
  popupClicksParamSchema,
  recordPopupClick,
} from './popup-clicks';

describe('popup clicks', () => {
  it('records clicks in order, at most ten, and ignores empty selectors', () => {
    let clicks: string[] = [];
    for (let index = 1; index <= 12; index++) clicks = recordPopupClick(clicks, `#b${index}`);
    expect(clicks).toHaveLength(MAX_POPUP_CLICKS);
    expect(clicks[0]).toBe('#b1');
    expect(clicks.at(-1)).toBe('#b10');
    expect(recordPopupClick(['#a'], '   ')).toEqual(['#a']);
  });

  it('reads clicks from meta, and none from absent or malformed meta', () => {
    expect(popupClicksOf({ popupClicks: ['#close'] })).toEqual(['#close']);
    expect(popupClicksOf(undefined)).toEqual([]);
    expect(popupClicksOf({ popupClicks: 'x' })).toEqual([]);
    expect(popupClicksOf({ popupClicks: Array(11).fill('#a') })).toEqual([]);
  });

  it('is validated in campaign meta, other meta keys untouched', () => {
    expect(campaignMetaSchema.parse({ title: 'T', popupClicks: ['#a'] })).toEqual({
      title: 'T',
      popupClicks: ['#a'],
    });
    expect(campaignMetaSchema.safeParse({ popupClicks: Array(11).fill('#a') }).success).toBe(false);
    expect(campaignMetaSchema.safeParse({ popupClicks: [''] }).success).toBe(false);
  });

  it('round-trips through the query value, and refuses anything else', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc
            .string({ minLength: 1, maxLength: 60 })
            .filter((text) => text.trim() === text && text !== ''),
          { maxLength: MAX_POPUP_CLICKS },
        ),
        (clicks) => {
          expect(popupClicksParamSchema.parse(encodePopupClicks(clicks))).toEqual(clicks);
        },
      ),
    );
    expect(popupClicksParamSchema.safeParse('not json').success).toBe(false);
    expect(popupClicksParamSchema.safeParse('{"a":1}').success).toBe(false);
  });
});
