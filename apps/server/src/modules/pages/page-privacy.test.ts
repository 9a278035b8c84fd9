import { DEFAULT_LANDING_PAGE_CONSENT, LANDING_PAGE_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { PLANNER_PAGE } from '../../../test/planner-page';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

describeEachDatabase('burner pages: consent, privacy policy, logo, badge (issue 35)', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let team: string;

  const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${team}/pages${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const pageCount = async () =>
    (await t.current.services.db.selectFrom('pages').select('id').execute()).length;

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    team = await createTeam(t.current.app, owner, 'Privacy Team');
  });

  it('refuses an EU sign-up page without a privacy policy, with the field named, storing nothing', async () => {
    const before = await pageCount();
    const refused = await api('POST', '', {
      slug: 'eu-launch',
      content: { ...PLANNER_PAGE, euAudience: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({
      'content.privacyUrl': LANDING_PAGE_MESSAGES.privacyUrlRequired,
    });
    expect(await pageCount()).toBe(before);
  });

  it('publishes the consent line, privacy link and logo, and leaves the badge out when asked', async () => {
    const created = await api('POST', '', {
      slug: 'eu-launch',
      content: {
        ...PLANNER_PAGE,
        euAudience: true,
        privacyUrl: 'https://planner.example/privacy',
        logoUrl: 'https://planner.example/logo.png',
        showBadge: false,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect((await api('POST', `/${id}/publish`)).statusCode).toBe(200);
    const html = (await t.current.app.inject({ url: `/p/${team}/eu-launch` })).body;
    expect(html).toContain(DEFAULT_LANDING_PAGE_CONSENT);
    expect(html).toContain('href="https://planner.example/privacy" rel="privacy-policy"');
    expect(html).toContain('<img src="https://planner.example/logo.png"');
    expect(html).not.toContain('Made with Kindling');
    // Read back as stored, for the editor.
    expect((await api('GET', `/${id}`)).json()).toMatchObject({
      content: {
        euAudience: true,
        showBadge: false,
        privacyUrl: 'https://planner.example/privacy',
      },
    });
  });
});
