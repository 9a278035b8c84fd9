import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const headline = {
  id: -1,
  selector: '#hero h1',
  type: 'text',
  key: 'hero-headline',
  __new__: true,
  control: {
    info: { value: 'Grow faster', textType: 'normal', styles: [], creationMethod: 'custom' },
  },
  attributes: {
    text: true,
    color: false,
    fontSize: false,
    borderColor: false,
    borderWidth: false,
    padding: false,
    borderRadius: false,
  },
  variants: [
    {
      id: -2,
      key: 'v1',
      type: 'text',
      isEnabled: true,
      marker: 'draft',
      info: { value: 'Grow 3x faster', styles: [] },
    },
    {
      id: -3,
      key: 'v2',
      type: 'text',
      isEnabled: true,
      info: { value: 'Start growing today', styles: [{ type: 'textColor', value: 0xff0000ff }] },
    },
  ],
};
const heroImage = {
  id: -4,
  selector: '#hero img',
  type: 'image',
  key: 'hero-image',
  control: { info: { src: 'https://shop.example.com/hero.png' } },
  variants: [
    {
      id: -5,
      key: 'i1',
      type: 'image',
      isEnabled: true,
      info: { src: 'https://cdn.example/a.png' },
    },
  ],
};
const goals = [
  {
    id: -6,
    isConversionGoal: true,
    event: {
      type: 2,
      name: 'Click Goal #1',
      elements: [{ id: 'cta', label: 'Buy', selector: '#buy' }],
    },
  },
  {
    id: -7,
    isConversionGoal: false,
    event: { type: 1, name: 'Page View Goal #2', url: 'https://shop.example.com/thanks' },
  },
];

describeEachDatabase('campaigns', (kind) => {
  const t = useTestApp(kind);
  let owner: Account;
  let slug: string;
  const api = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}/campaign${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Campaign Team');
  });

  it('starts with an empty list', async () => {
    const response = await api('GET', '/by-team');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('creates a campaign with elements, variants and goals and reads it back re-indexed', async () => {
    const created = await api('POST', '/create', {
      name: 'Spring hero',
      ingestedUrl: '  shop.example.com/landing  ',
      description: null,
      elements: [headline, heroImage],
      goals,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const campaign = (await api('GET', `/by-id?id=${id}`)).json();
    expect(campaign).toMatchObject({
      id,
      name: 'Spring hero',
      ingestedUrl: 'https://shop.example.com/landing',
      type: 'ab_split',
      trafficAllocation: 100,
      exclusiveAudienceMode: false,
      // Without a subscription a new campaign starts disabled (spec 4 / 6).
      isEnabled: false,
    });
    expect(
      campaign.elements.map((e: { index: number; selector: string }) => [e.index, e.selector]),
    ).toEqual([
      [0, '#hero h1'],
      [1, '#hero img'],
    ]);
    const [text] = campaign.elements;
    expect(text.id).toBeGreaterThan(0);
    expect(text.control.index).toBe(0);
    expect(
      text.variants.map((v: { index: number; info: { value: string } }) => [v.index, v.info.value]),
    ).toEqual([
      [1, 'Grow 3x faster'],
      [2, 'Start growing today'],
    ]);
    expect(text.variants[0].marker).toBeUndefined();
    expect(text.variants[1].info.styles).toEqual([{ type: 'textColor', value: 0xff0000ff }]);
    expect(
      campaign.goals.map((g: { event: { name: string }; isConversionGoal: boolean }) => [
        g.event.name,
        g.isConversionGoal,
      ]),
    ).toEqual([
      ['Click Goal #1', false],
      ['Page View Goal #2', true],
    ]);
    expect(campaign.metrics.views).toBe(0);
  });

  it('answers 400 with the spec messages and stores nothing', async () => {
    const before = (await api('GET', '/by-team')).json<unknown[]>().length;
    const cases: [object, string, string][] = [
      [{ name: 'Okay name', ingestedUrl: '' }, 'ingestedUrl', 'Please enter a URL'],
      [
        { name: 'Okay name', ingestedUrl: 'not a url' },
        'ingestedUrl',
        'Please check that you have entered a valid URL',
      ],
      [{ name: '', ingestedUrl: 'example.com' }, 'name', 'Please enter a name'],
      [{ name: 'ab', ingestedUrl: 'example.com' }, 'name', 'Name must be at least 3 characters'],
      [
        { name: 'x'.repeat(256), ingestedUrl: 'example.com' },
        'name',
        'name must be at most 255 characters',
      ],
      [
        { name: 'Okay', ingestedUrl: 'example.com', description: 'd'.repeat(2001) },
        'description',
        'Description must be at most 2000 characters',
      ],
      [
        { name: 'Okay', ingestedUrl: 'example.com', trafficAllocation: 0 },
        'trafficAllocation',
        'Traffic allocation must be between 1 and 100',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await api('POST', '/create', payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields?.[field]).toBe(message);
    }
    expect((await api('GET', '/by-team')).json<unknown[]>()).toHaveLength(before);
  });

  it('saves: keeps ids of kept rows, inserts new ones, deletes the rest', async () => {
    const { id } = (
      await api('POST', '/create', {
        name: 'Save me',
        ingestedUrl: 'example.com',
        elements: [headline],
        goals,
      })
    ).json<{ id: number }>();
    const loaded = (await api('GET', `/by-id?id=${id}`)).json();
    const text = loaded.elements[0];
    const keptVariant = text.variants[1];
    const saved = await api('POST', '/save', {
      ...loaded,
      name: 'Saved name',
      trafficAllocation: 50,
      elements: [
        {
          ...text,
          variants: [
            { ...keptVariant, isEnabled: false },
            {
              id: -10,
              key: 'v3',
              type: 'text',
              isEnabled: true,
              info: { value: 'Brand new', styles: [] },
            },
          ],
        },
      ],
      goals: [loaded.goals[1], loaded.goals[0]],
    });
    expect(saved.statusCode).toBe(200);
    const after = saved.json();
    expect(after).toMatchObject({ name: 'Saved name', trafficAllocation: 50 });
    expect(after.elements[0].id).toBe(text.id);
    expect(
      after.elements[0].variants.map((v: { id: number; isEnabled: boolean }) => [
        v.id === keptVariant.id,
        v.isEnabled,
      ]),
    ).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(after.goals.map((g: { id: number }) => g.id)).toEqual([
      loaded.goals[1].id,
      loaded.goals[0].id,
    ]);
    expect(after.goals.map((g: { isConversionGoal: boolean }) => g.isConversionGoal)).toEqual([
      false,
      true,
    ]);
  });

  it('toggles enabled and deletes; unknown ids answer 404', async () => {
    const { id } = (
      await api('POST', '/create', {
        name: 'Toggle me',
        ingestedUrl: 'example.com',
        isEnabled: true,
      })
    ).json<{ id: number }>();
    expect((await api('GET', `/by-id?id=${id}`)).json().isEnabled).toBe(true);
    const off = await api('GET', `/update-enabled?id=${id}&isEnabled=false`);
    expect(off.json()).toEqual({ id, isEnabled: false });
    expect((await api('GET', `/by-id?id=${id}`)).json().isEnabled).toBe(false);
    expect((await api('GET', `/update-enabled?id=${id}&isEnabled=maybe`)).statusCode).toBe(400);
    expect((await api('GET', '/update-enabled?id=999999&isEnabled=true')).statusCode).toBe(404);
    expect((await api('DELETE', `/delete?id=${id}`)).statusCode).toBe(204);
    expect((await api('GET', `/by-id?id=${id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/delete?id=${id}`)).statusCode).toBe(404);
  });

  it.each(['/by-id?id=99999999999', '/by-id?id=abc', '/by-id?id=1.5', '/delete?id=-3'])(
    'answers %s with 400 "id must be a positive integer", never a database error',
    async (path) => {
      const response = await api(path.startsWith('/delete') ? 'DELETE' : 'GET', path);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('id must be a positive integer');
    },
  );

  it('lists newest first with counts, and /all returns full campaigns', async () => {
    const list = (await api('GET', '/by-team')).json<
      { name: string; elementCount: number; variantCount: number; goalCount: number }[]
    >();
    expect(list[0]!.name).toBe('Saved name');
    expect(list.find((c) => c.name === 'Spring hero')).toMatchObject({
      elementCount: 2,
      variantCount: 3,
      goalCount: 2,
    });
    const all = (await api('GET', '/all')).json<{ elements: unknown[] }[]>();
    expect(all).toHaveLength(list.length);
    expect(all.some((c) => c.elements.length === 2)).toBe(true);
  });

  describe('cross-team ids', () => {
    it("cannot save another team's campaign or adopt its rows", async () => {
      const other = await signUp(t.current.app);
      const otherSlug = await createTeam(t.current.app, other, 'Other Team');
      const theirs = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${otherSlug}/campaign/create`,
        headers: bearer(other),
        payload: { name: 'Theirs', ingestedUrl: 'example.org', elements: [headline] },
      });
      const theirId = theirs.json<{ id: number }>().id;
      const attempt = await api('POST', '/save', {
        id: theirId,
        name: 'Hijacked',
        ingestedUrl: 'example.com',
      });
      expect(attempt.statusCode).toBe(404);
      const theirCampaign = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${otherSlug}/campaign/by-id?id=${theirId}`,
        headers: bearer(other),
      });
      expect(theirCampaign.json()).toMatchObject({ name: 'Theirs' });
      // Referencing their element id inside our campaign inserts a new row; theirs is untouched.
      const { id: ours } = (
        await api('POST', '/create', { name: 'Ours', ingestedUrl: 'example.com' })
      ).json<{ id: number }>();
      const theirElement = theirCampaign.json().elements[0];
      await api('POST', '/save', {
        id: ours,
        name: 'Ours',
        ingestedUrl: 'example.com',
        elements: [{ ...theirElement, selector: '#mine' }],
      });
      const again = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${otherSlug}/campaign/by-id?id=${theirId}`,
        headers: bearer(other),
      });
      expect(again.json().elements[0].selector).toBe('#hero h1');
    });
  });
});
