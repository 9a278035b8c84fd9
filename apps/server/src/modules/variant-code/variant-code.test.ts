import {
  codeSyntaxMessage,
  cssSyntaxMessage,
  cssUrlMessage,
  VARIANT_CODE_MESSAGES,
} from '@kindling/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  addMember,
  bearer,
  createTeam,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { servedCampaign } from '../../../test/served-config';
import { codeProblem, cssProblem } from './check-variant-code';
import { VARIANT_CSS_FIXTURES, VARIANT_CSS_PAGE } from '@kindling/domain/variant-css-fixtures';

// Issue 32, CSS and code per variant through the server: checked by a CSS parser and a script
// compiler, written only by a signed-in owner where the instance allows it (ALLOW_VARIANT_CODE),
// every change recorded with who and when in the write's transaction, and served (or not) as
// the instance says.

const PAGE = 'https://shop.example.com/landing';
const CSS = '.cta { background: #0e7490; background-image: url(/img/stripes.png); }';
const CODE = "element.setAttribute('data-seen', 'yes');";

const campaign = (info: object) => ({
  name: 'Sticky bar',
  description: 'Code',
  isEnabled: true,
  ingestedUrl: PAGE,
  elements: [
    {
      id: -1,
      key: 'h1',
      selector: 'h1',
      type: 'text',
      control: { info: { value: 'Original' } },
      variants: [{ id: -2, key: 'v', type: 'text', isEnabled: true, info: { value: '', ...info } }],
    },
  ],
  goals: [],
});

describe('the checks of a variant stylesheet and script', () => {
  it.each(VARIANT_CSS_FIXTURES.map((row) => [row.name, row.css, row.problem] as const))(
    '%s',
    (_name, css, problem) => {
      expect(cssProblem(css, VARIANT_CSS_PAGE)).toBe(problem);
    },
  );

  it('names the parser’s reason and line for CSS that does not parse', () => {
    expect(cssProblem('.a{color:red}\n.b{color red}', PAGE)).toMatch(
      /^A variant's CSS does not parse: .+ \(line 2\)\.$/,
    );
    expect(cssSyntaxMessage('Colon is expected', 3)).toBe(
      "A variant's CSS does not parse: Colon is expected (line 3).",
    );
  });

  it('compiles a script without running it, and names why one does not compile', () => {
    expect(codeProblem(CODE)).toBeUndefined();
    expect(codeProblem('globalThis.ran = true;')).toBeUndefined();
    expect((globalThis as { ran?: boolean }).ran).toBeUndefined();
    expect(codeProblem('if (')).toBe(codeSyntaxMessage("Unexpected token '}'"));
    // A function body, as the page runs it: `element` is the variant's element, `return` ends it.
    expect(codeProblem("if (!element) return; element.textContent = 'Hi';")).toBeUndefined();
  });
});

describeEachDatabase('CSS and code per variant', (kind) => {
  describe('where the instance allows it', () => {
    const t = useTestApp(kind, { ALLOW_VARIANT_CODE: true });
    let owner: Account;
    let member: Account;
    let team: string;

    beforeAll(async () => {
      owner = await signUp(t.current.app);
      member = await signUp(t.current.app);
      team = await createTeam(t.current.app, owner, 'Code Team');
      await addMember(t.current.app, { owner, slug: team, member });
    });

    const call = (method: 'GET' | 'POST', path: string, as: Account, payload?: object) =>
      t.current.app.inject({
        method,
        url: `/api/team/${team}${path}`,
        headers: bearer(as),
        ...(payload ? { payload } : {}),
      });
    const changes = async (id: number) =>
      (await call('GET', `/campaign/code-changes?id=${id}`, owner)).json<{
        changes: { kind: string; before: string | null; after: string | null; by: string }[];
      }>().changes;
    const countChanges = async () =>
      (
        await t.current.services.db
          .selectFrom('variantCodeChanges')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count;

    it('tells the owner they may write it, and a member that they may not', async () => {
      expect((await call('GET', '/variant-code', owner)).json()).toEqual({
        allowed: true,
        mayEdit: true,
      });
      expect((await call('GET', '/variant-code', member)).json()).toEqual({
        allowed: true,
        mayEdit: false,
      });
    });

    it('stores an owner’s stylesheet and script, records who and when, and serves them', async () => {
      const created = await call(
        'POST',
        '/campaign/create',
        owner,
        campaign({ css: CSS, code: CODE }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json<{ id: number }>();
      const recorded = await changes(id);
      expect(recorded.map(({ kind, before, after, by }) => ({ kind, before, after, by }))).toEqual([
        { kind: 'code', before: null, after: CODE, by: owner.email },
        { kind: 'css', before: null, after: CSS, by: owner.email },
      ]);
      const served = await servedCampaign(t.current.app, team, id);
      expect(served.elements[0]!.variants[0]!.mutations).toEqual([
        { type: 'css', selector: 'h1', css: CSS },
        { type: 'code', selector: 'h1', code: CODE },
      ]);
      const script = await t.current.app.inject({ method: 'GET', url: `/api/tracker/${team}.js` });
      expect(script.body).toContain('targeting.js');
    });

    it('refuses a member’s stylesheet, records nothing, but lets them save what the owner wrote', async () => {
      const before = await countChanges();
      const refused = await call('POST', '/campaign/create', member, campaign({ css: CSS }));
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        VARIANT_CODE_MESSAGES.owner,
      );
      expect(await countChanges()).toBe(before);

      const { id } = (
        await call('POST', '/campaign/create', owner, campaign({ code: CODE }))
      ).json<{
        id: number;
      }>();
      const stored = (await call('GET', `/campaign/by-id?id=${id}`, owner)).json<{
        name: string;
      }>();
      const kept = await call('POST', '/campaign/save', member, {
        ...stored,
        name: 'Renamed by a member',
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const edited = structuredClone(stored) as unknown as {
        elements: { variants: { info: { code?: string } }[] }[];
      };
      edited.elements[0]!.variants[0]!.info.code = 'element.remove();';
      const changed = await call('POST', '/campaign/save', member, edited);
      expect(changed.statusCode).toBe(403);
      expect(await changes(id)).toHaveLength(1);
    });

    it('records an owner’s change and removal with before and after', async () => {
      const { id } = (await call('POST', '/campaign/create', owner, campaign({ css: CSS }))).json<{
        id: number;
      }>();
      const stored = (await call('GET', `/campaign/by-id?id=${id}`, owner)).json<{
        elements: { variants: { info: { css?: string } }[] }[];
      }>();
      stored.elements[0]!.variants[0]!.info.css = '.cta { color: white; }';
      expect((await call('POST', '/campaign/save', owner, stored)).statusCode).toBe(200);
      delete stored.elements[0]!.variants[0]!.info.css;
      (stored.elements[0]!.variants[0]!.info as { value: string }).value = 'Still a variant';
      expect((await call('POST', '/campaign/save', owner, stored)).statusCode).toBe(200);
      expect((await changes(id)).map(({ before, after }) => [before, after])).toEqual([
        ['.cta { color: white; }', null],
        [CSS, '.cta { color: white; }'],
        [null, CSS],
      ]);
    });

    it('lets only the owner delete a variant with code, and records the removal', async () => {
      const { id } = (
        await call('POST', '/campaign/create', owner, campaign({ code: CODE }))
      ).json<{
        id: number;
      }>();
      const stored = (await call('GET', `/campaign/by-id?id=${id}`, owner)).json<{
        elements: { variants: { id: number }[] }[];
      }>();
      const variantId = stored.elements[0]!.variants[0]!.id;
      const byMember = await call('GET', `/campaign/delete-variant?id=${variantId}`, member);
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json<{ error: { message: string } }>().error.message).toBe(
        VARIANT_CODE_MESSAGES.owner,
      );
      const byOwner = await call('GET', `/campaign/delete-variant?id=${variantId}`, owner);
      expect(byOwner.statusCode, byOwner.body).toBeLessThan(300);
      expect((await changes(id)).map(({ kind, before, after }) => [kind, before, after])).toEqual([
        ['code', CODE, null],
        ['code', null, CODE],
      ]);
    });

    it('refuses a stylesheet that loads from another site with its sentence, storing nothing', async () => {
      const before = await countChanges();
      const refused = await call(
        'POST',
        '/campaign/create',
        owner,
        campaign({ css: '.a{background:url(https://evil.example/p.png)}' }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        cssUrlMessage('https://shop.example.com', 'https://evil.example/p.png'),
      );
      expect(await countChanges()).toBe(before);
    });

    it('answers 404 for another team’s campaign changes', async () => {
      const stranger = await signUp(t.current.app);
      const other = await createTeam(t.current.app, stranger, 'Other Team');
      const { id } = (await call('POST', '/campaign/create', owner, campaign({ css: CSS }))).json<{
        id: number;
      }>();
      const answer = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${other}/campaign/code-changes?id=${id}`,
        headers: bearer(stranger),
      });
      expect(answer.statusCode).toBe(404);
    });
  });

  describe('where the instance does not allow it (the default)', () => {
    const t = useTestApp(kind);
    let owner: Account;
    let team: string;

    beforeAll(async () => {
      owner = await signUp(t.current.app);
      team = await createTeam(t.current.app, owner, 'No Code Team');
    });

    it('refuses an owner’s stylesheet and script, and serves none stored before', async () => {
      const call = (payload: object) =>
        t.current.app.inject({
          method: 'POST',
          url: `/api/team/${team}/campaign/create`,
          headers: bearer(owner),
          payload,
        });
      for (const info of [{ css: CSS }, { code: CODE }]) {
        const refused = await call(campaign(info));
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ error: { message: string } }>().error.message).toBe(
          VARIANT_CODE_MESSAGES.off,
        );
      }
      // Stored while the instance allowed it: kept, never served.
      const created = await call(campaign({ value: 'New headline' }));
      const { id } = created.json<{ id: number }>();
      const variant = await t.current.services.db
        .selectFrom('variants')
        .innerJoin('campaignElements', 'campaignElements.id', 'variants.elementId')
        .select(['variants.id', 'variants.info'])
        .where('campaignElements.campaignId', '=', id)
        .executeTakeFirstOrThrow();
      await t.current.services.db
        .updateTable('variants')
        .set({ info: JSON.stringify({ ...(variant.info as object), css: CSS, code: CODE }) })
        .where('id', '=', variant.id)
        .execute();
      const served = await servedCampaign(t.current.app, team, id);
      expect(served.elements[0]!.variants[0]!.mutations).toEqual([
        { type: 'textValue', selector: 'h1', value: 'New headline' },
      ]);
    });
  });
});
