import { INTRO_SURVEY_DEFAULTS, INTRO_SURVEY_MESSAGES } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import {
  addMember,
  bearer,
  createTeam,
  errorOf,
  expectFieldError,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

const ANSWERS = {
  companyName: 'Acme Lamps',
  marketingSpend: '10k-50k',
  demographic: 'Marketer',
  industry: 'E-commerce',
  referral: 'A friend',
};

describeEachDatabase('the intro survey', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let member: Account;
  let slug: string;

  const call = (
    account: Account,
    path: string,
    { team = slug, payload }: { team?: string; payload?: object } = {},
  ) =>
    t.current.app.inject({
      method: path === '' ? 'GET' : 'POST',
      url: `/api/team/${team}/intro-survey${path}`,
      headers: bearer(account),
      ...(payload ? { payload } : {}),
    });

  const rowOf = (team: string) =>
    t.current.services.db
      .selectFrom('teamSurveys')
      .innerJoin('teams', 'teams.id', 'teamSurveys.teamId')
      .selectAll('teamSurveys')
      .where('teams.slug', '=', team)
      .executeTakeFirst();

  beforeAll(async () => {
    owner = await signUp(t.current.app, 'Owner');
    member = await signUp(t.current.app, 'Member');
    slug = await createTeam(t.current.app, owner, 'Survey Team');
    await addMember(t.current.app, { owner, slug, member });
  });

  it('starts unanswered, nothing preselected', async () => {
    const response = await call(member, '');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      survey: null,
      dismissed: false,
      defaults: {
        companyName: '',
        marketingSpend: '',
        demographic: '',
        industry: '',
        referral: '',
      },
    });
  });

  it('refuses bad answers field by field and writes nothing', async () => {
    expectFieldError(
      await call(owner, '/save', { payload: { ...ANSWERS, companyName: '  ' } }),
      'companyName',
      'Please enter your company name',
    );
    // The form as it opens, sent unanswered: every choice is asked for, nothing is stored.
    expect(
      errorOf(await call(owner, '/save', { payload: { ...INTRO_SURVEY_DEFAULTS } })).fields,
    ).toEqual({
      companyName: INTRO_SURVEY_MESSAGES.companyNameRequired,
      marketingSpend: INTRO_SURVEY_MESSAGES.marketingSpend,
      demographic: INTRO_SURVEY_MESSAGES.demographic,
      industry: INTRO_SURVEY_MESSAGES.industry,
    });
    expectFieldError(
      await call(owner, '/save', { payload: { ...ANSWERS, industry: 'Lamps' } }),
      'industry',
      INTRO_SURVEY_MESSAGES.industry,
    );
    expectFieldError(
      await call(owner, '/save', { payload: { ...ANSWERS, referral: 'r'.repeat(256) } }),
      'referral',
      'Referral source must be at most 255 characters',
    );
    const both = await call(owner, '/save', {
      payload: { ...ANSWERS, companyName: '', marketingSpend: 'lots' },
    });
    expect(errorOf(both).fields).toEqual({
      companyName: INTRO_SURVEY_MESSAGES.companyNameRequired,
      marketingSpend: INTRO_SURVEY_MESSAGES.marketingSpend,
    });
    expect(await rowOf(slug)).toBeUndefined();
  });

  it('saves a member’s answers (trimmed) and reads them back; a later save replaces them', async () => {
    const saved = await call(member, '/save', {
      payload: { ...ANSWERS, companyName: '  Acme Lamps ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ survey: ANSWERS, dismissed: false });
    expect((await call(owner, '')).json()).toEqual(saved.json());
    expect(await rowOf(slug)).toMatchObject({ answeredBy: member.userId, dismissedAt: null });

    const changed = await call(owner, '/save', { payload: { ...ANSWERS, industry: 'SaaS' } });
    expect(changed.json()).toMatchObject({ survey: { ...ANSWERS, industry: 'SaaS' } });
    const row = await rowOf(slug);
    expect(row).toMatchObject({ answeredBy: owner.userId, industry: 'SaaS' });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });

  it('keeps an omitted referral as ""', async () => {
    const { referral: _omitted, ...rest } = ANSWERS;
    const saved = await call(owner, '/save', { payload: rest });
    expect(saved.json()).toMatchObject({ survey: { ...rest, referral: '' } });
  });

  it('"Not now" stops the prompt without answers; answering later still works', async () => {
    const other = await createTeam(t.current.app, owner, 'Busy Team');
    const dismissed = await call(owner, '/dismiss', { team: other });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ survey: null, dismissed: true });
    const first = (await rowOf(other))!.dismissedAt;
    await call(owner, '/dismiss', { team: other });
    expect((await rowOf(other))!.dismissedAt).toEqual(first);
    expect((await call(owner, '', { team: other })).json()).toMatchObject({ dismissed: true });

    const saved = await call(owner, '/save', { team: other, payload: ANSWERS });
    expect(saved.json()).toMatchObject({ survey: ANSWERS, dismissed: true });
  });

  it('answers 404 to another team’s member and changes nothing; the member is answered', async () => {
    const stranger = await signUp(t.current.app, 'Stranger');
    await createTeam(t.current.app, stranger, 'Stranger Team');
    const before = await rowOf(slug);
    for (const path of ['', '/save', '/dismiss']) {
      const response = await call(stranger, path, { payload: { ...ANSWERS, companyName: 'X' } });
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
    }
    expect(await rowOf(slug)).toEqual(before);
    expect((await call(member, '')).statusCode).toBe(200);
  });
});
