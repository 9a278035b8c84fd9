import { ELEMENT_CHANGE_MESSAGES } from '@kindling/domain';
import { ELEMENT_CHANGE_FIXTURES } from '@kindling/domain/element-change-fixtures';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, createTeam, signUp, useTestApp } from '../../../test/test-app';
import { servedCampaign } from '../../../test/served-config';
import { sanitizePolicyHtml } from './sanitize-variant-html';

// Issue 32, a block inserted before or after an element: the fixture table's insert rows through
// the server. What it takes is stored cleaned by the HTML policy's block profile, exactly as the
// page runtime shows it (e2e/element-changes.test.ts), and served as an `insert` mutation; what
// it refuses is answered with its sentence and stores nothing.

const INSERTS = ELEMENT_CHANGE_FIXTURES.flatMap((row) =>
  'insert' in row.change
    ? [
        {
          name: row.name,
          taken: row.taken,
          insert: row.change.insert,
          shows: 'shows' in row ? row.shows : undefined,
        },
      ]
    : [],
);

describeEachDatabase('inserted blocks', (kind) => {
  const t = useTestApp(kind);
  let team: string;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    team = await createTeam(t.current.app, owner, 'Blocks Team');
  });

  const post = (insert: object) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${team}/campaign/create`,
      headers: bearer(owner),
      payload: {
        name: 'Shipping note',
        description: 'Blocks',
        isEnabled: true,
        ingestedUrl: 'https://shop.example.com/blocks',
        elements: [
          {
            id: -1,
            selector: 'h1',
            type: 'text',
            key: 'h1',
            control: { info: { value: 'Original' } },
            // No new text: the block alone makes the variant.
            variants: [
              { id: -2, key: 'v', type: 'text', isEnabled: true, info: { value: '', insert } },
            ],
          },
        ],
      },
    });

  it('cleans each block as the page runtime does', () => {
    for (const row of INSERTS.filter((r) => r.taken)) {
      expect(sanitizePolicyHtml(row.insert.html, 'block'), row.name).toBe(row.shows);
    }
  });

  it.each(INSERTS.filter((row) => row.taken).map((row) => [row.name, row] as const))(
    'stores and serves %s cleaned',
    async (_name, row) => {
      const created = await post(row.insert);
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<{ id: number }>();
      const read = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${team}/campaign/by-id?id=${id}`,
        headers: bearer(owner),
      });
      const stored = read.json<{ elements: { variants: { info: { insert: object } }[] }[] }>();
      expect(stored.elements[0]!.variants[0]!.info.insert).toEqual({
        position: row.insert.position,
        html: row.shows,
      });
      const campaign = await servedCampaign(t.current.app, team, id);
      expect(campaign.elements[0]!.variants[0]!.mutations).toEqual([
        { type: 'insert', selector: 'h1', position: row.insert.position, html: row.shows },
      ]);
    },
  );

  it('refuses an empty block, a block too long and a position inside, with their sentences', async () => {
    const before = await t.current.services.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    const refusals: [string, string][] = [
      ['an empty block', ELEMENT_CHANGE_MESSAGES.insertEmpty],
      ['a block over 20,000 characters', ELEMENT_CHANGE_MESSAGES.insertLength],
      ['a block inside the element', ELEMENT_CHANGE_MESSAGES.insertPosition],
    ];
    for (const [name, message] of refusals) {
      const row = INSERTS.find((r) => r.name === name)!;
      expect(row.taken).toBe(false);
      const refused = await post(row.insert);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect(ELEMENT_CHANGE_MESSAGES.insertLength).toBe(
      'An inserted block is at most 20,000 characters of HTML.',
    );
    const after = await t.current.services.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(after.count).toBe(before.count);
  });
});
