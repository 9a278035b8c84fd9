import { MOVE_MESSAGES } from '@kindling/domain';
import {
  ELEMENT_CHANGE_FIXTURES,
  MOVE_FIXTURE_SELECTOR,
} from '@kindling/domain/element-change-fixtures';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';
import { servedCampaign } from '../../../test/served-config';

// Issue 32, moving an element (or a copy of it) next to another: the fixture table's move rows
// through the API. What it takes is stored with its target trimmed and served as a `move`
// mutation in the tracker with the targeting part (which applies moves); what it refuses is
// answered with its sentence and stores nothing.

const MOVES = ELEMENT_CHANGE_FIXTURES.flatMap((row) =>
  'move' in row.change ? [{ name: row.name, taken: row.taken, move: row.change.move }] : [],
);

describeEachDatabase('moved elements', (kind) => {
  const t = useTestApp(kind);
  let team: string;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    team = await createTeam(t.current.app, owner, 'Moves Team');
  });

  const post = (move: object) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/create`,
      headers: bearer(owner),
      payload: {
        name: 'Buy button lower',
        description: 'Moves',
        isEnabled: true,
        ingestedUrl: 'https://shop.example.com/moves',
        elements: [
          {
            id: -1,
            selector: MOVE_FIXTURE_SELECTOR,
            type: 'text',
            key: 'cta',
            control: { info: { value: 'Buy' } },
            // No new text: the move alone makes the variant.
            variants: [
              { id: -2, key: 'v', type: 'text', isEnabled: true, info: { value: '', move } },
            ],
          },
        ],
      },
    });
  const countCampaigns = async () =>
    (
      await t.current.services.db
        .selectFrom('campaigns')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow()
    ).count;

  it.each(MOVES.filter((row) => row.taken).map((row) => [row.name, row] as const))(
    'stores and serves %s',
    async (_name, row) => {
      const created = await post(row.move);
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<{ id: number }>();
      const read = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${team}/campaign/by-id?id=${id}`,
        headers: bearer(owner),
      });
      const stored = read.json<{ elements: { variants: { info: { move: object } }[] }[] }>();
      expect(stored.elements[0]!.variants[0]!.info.move).toEqual(row.move);
      const campaign = await servedCampaign(t.current.app, team, id);
      expect(campaign.elements[0]!.variants[0]!.mutations).toEqual([
        { type: 'move', selector: MOVE_FIXTURE_SELECTOR, ...row.move },
      ]);
      // Moves are applied by the targeting part, fetched beside the config.
      const script = await t.current.app.inject({ method: 'GET', url: `/api/tracker/${team}.js` });
      expect(script.body).toContain('targeting.js');
    },
  );

  it('trims the target it stores and serves', async () => {
    const created = await post({ position: 'before', target: '  #reviews  ' });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = await servedCampaign(t.current.app, team, created.json<{ id: number }>().id);
    expect(campaign.elements[0]!.variants[0]!.mutations).toEqual([
      { type: 'move', selector: MOVE_FIXTURE_SELECTOR, position: 'before', target: '#reviews' },
    ]);
  });

  it('refuses a move next to itself, an empty or too long target and another position, with their sentences', async () => {
    const before = await countCampaigns();
    const refusals: [string, string][] = [
      ['next to itself', MOVE_MESSAGES.targetSelf],
      ['an empty target', MOVE_MESSAGES.target],
      ['a target over 1,000 characters', MOVE_MESSAGES.targetLength],
      ['a position around the target', MOVE_MESSAGES.position],
    ];
    expect(refusals.map(([name]) => name).sort()).toEqual(
      MOVES.filter((row) => !row.taken)
        .map((row) => row.name)
        .sort(),
    );
    for (const [name, message] of refusals) {
      const refused = await post(MOVES.find((row) => row.name === name)!.move);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.body, name).toContain(message);
    }
    expect(MOVE_MESSAGES.targetSelf).toBe(
      'An element cannot move next to itself: pick another target.',
    );
    expect(await countCampaigns()).toBe(before);
  });

  it('describes the move in the OpenAPI document', async () => {
    const { paths } = (
      await t.current.app.inject({ method: 'GET', url: '/api/openapi.json' })
    ).json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    const body = JSON.stringify(paths['/api/team/{team}/campaign/create']!.post!.requestBody);
    expect(body).toContain('"move"');
    expect(body).toContain('"inside"');
  });
});
