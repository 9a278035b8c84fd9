import { selectorSyntaxMessage } from '@kindling/domain';
import { SELECTOR_SYNTAX_FIXTURES } from '@kindling/domain/selector-syntax-fixtures';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  campaignCalls,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { selectorProblem } from './check-selectors';

// The selectors a campaign stores are refused when a browser would refuse them (e2e/
// selector-syntax.test.ts runs the same rows in Chromium): such an element could never be found
// on the page, and the results would only ever say "not on the page".

describe('the selector check', () => {
  it.each(SELECTOR_SYNTAX_FIXTURES.map((row) => [row.selector, row] as const))(
    '%s',
    (selector, row) => {
      const taken = row.browserTakes || row.serverTakes === true;
      expect(selectorProblem(selector) === undefined).toBe(taken);
    },
  );

  it("says why, with the parser's reason", () => {
    expect(selectorProblem('div[')).toBe(
      'Not a CSS selector a browser accepts (unexpected end of input): pick the element in the preview, or correct the selector.',
    );
    expect(selectorProblem('a >')).toBe(
      selectorSyntaxMessage('a combinator needs a selector each side'),
    );
  });
});

describeEachDatabase('campaign writes refuse a selector a browser would refuse', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let slug: string;
  const calls = campaignCalls(
    () => t.current.app,
    () => owner,
    () => slug,
  );
  const variant = (info: object) => ({ id: -2, key: 'v', type: 'text', isEnabled: true, info });
  const campaign = (selector: string, variants: object[], goalSelector = '#signup') => ({
    name: 'Selectors',
    ingestedUrl: 'shop.example.com',
    elements: [
      {
        id: -1,
        selector,
        type: 'text',
        key: 'cta',
        control: { info: { value: 'Buy' } },
        variants,
      },
    ],
    goals: [
      {
        id: -3,
        isConversionGoal: true,
        event: {
          type: 2,
          name: 'Sign-up click',
          url: 'https://shop.example.com/',
          elements: [{ id: 1, label: 'Sign up', selector: goalSelector }],
        },
      },
    ],
  });

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Selector Checks');
  });

  it("refuses an element's selector, a move's target and a click goal's selector, naming each", async () => {
    const before = await calls.count();
    const refusals: [object, string][] = [
      [campaign('main >', [variant({ value: 'Buy now' })]), 'elements.0.selector'],
      [
        campaign('#buy', [variant({ value: '', move: { position: 'after', target: '#' } })]),
        'elements.0.variants.0.info.move.target',
      ],
      [
        campaign('#buy', [variant({ value: 'Buy now' })], 'button[type='),
        'goals.0.event.elements.0.selector',
      ],
    ];
    for (const [payload, field] of refusals) {
      const refused = await calls.post('/create', payload);
      expect(refused.statusCode, field).toBe(400);
      expect(Object.keys(errorOf(refused).fields ?? {}), field).toEqual([field]);
      expect(errorOf(refused).message, field).toMatch(/^Not a CSS selector a browser accepts \(/);
    }
    expect(await calls.count()).toBe(before);
  });

  it('takes the same campaign with selectors a browser takes, then refuses a bad target on save and add-variants', async () => {
    const created = await calls.post(
      '/create',
      campaign('main > section:nth-of-type(2) button', [variant({ value: 'Buy now' })]),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const loaded = await calls.byId<{ elements: { id: number; variants: object[] }[] }>(id);
    const element = loaded.elements[0]!;
    const badMove = { value: '', move: { position: 'before', target: 'footer > > a' } };

    const saved = await calls.post('/save', {
      ...loaded,
      elements: [{ ...element, variants: [...element.variants, variant(badMove)] }],
    });
    expect(saved.statusCode).toBe(400);
    expect(errorOf(saved).fields).toHaveProperty('elements.0.variants.1.info.move.target');

    const added = await calls.post('/add-variants', {
      campaignId: id,
      elementId: element.id,
      variants: [variant(badMove)],
    });
    expect(added.statusCode).toBe(400);
    expect(errorOf(added).fields).toHaveProperty('variants.0.info.move.target');
    const after = await calls.byId<{ elements: { variants: object[] }[] }>(id);
    expect(after.elements[0]!.variants).toHaveLength(1);
  });
});
