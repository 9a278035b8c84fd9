import { CAMPAIGN_END_MESSAGES, type Campaign, type CampaignSummary } from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { funnelCampaign } from '../../../test/campaign-parts';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';

// Archiving (issue 35) on both databases: a paused or ended campaign leaves the default list
// and comes back; each refusal with its message.

describeEachDatabase('archiving a campaign', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false });
  let owner: Account;
  let slug: string;
  let ended: number;

  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    t.current.app.inject({
      method,
      url: `/api/team/${slug}${path}`,
      headers: bearer(owner),
      ...(payload ? { payload } : {}),
    });
  const refused = (response: Awaited<ReturnType<typeof call>>, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response).message).toBe(message);
  };

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Archive Team');
    const created = await call('POST', '/campaign/create', funnelCampaign('Ended'));
    ended = created.json<{ id: number }>().id;
    expect((await call('POST', '/campaign/end', { id: ended })).statusCode).toBe(200);
  });

  it('archives a paused or ended campaign, hidden until unarchived', async () => {
    const created = await call('POST', '/campaign/create', {
      ...funnelCampaign('Archive me'),
      isEnabled: true,
    });
    const id = created.json<{ id: number }>().id;
    refused(
      await call('POST', '/campaign/archive', { id }),
      409,
      CAMPAIGN_END_MESSAGES.archiveRunning,
    );
    await call('GET', `/campaign/update-enabled?id=${id}&isEnabled=false`);
    const archived = await call('POST', '/campaign/archive', { id });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json<Campaign>().archivedAt).not.toBeNull();
    const list = (await call('GET', '/campaign/by-team')).json<CampaignSummary[]>();
    expect(list.find((c) => c.id === id)?.archivedAt).not.toBeNull();
    expect(list.find((c) => c.id === ended)?.endedAt).not.toBeNull();
    refused(
      await call('POST', '/campaign/archive', { id }),
      409,
      CAMPAIGN_END_MESSAGES.alreadyArchived,
    );
    refused(
      await call('GET', `/campaign/update-enabled?id=${id}&isEnabled=true`),
      409,
      CAMPAIGN_END_MESSAGES.archivedSwitch,
    );
    const back = await call('POST', '/campaign/unarchive', { id });
    expect(back.json<Campaign>().archivedAt).toBeNull();
    refused(
      await call('POST', '/campaign/unarchive', { id }),
      409,
      CAMPAIGN_END_MESSAGES.notArchived,
    );
    expect((await call('POST', '/campaign/archive', { id: ended })).statusCode).toBe(200);
  });
});
