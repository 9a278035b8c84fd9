import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodePopupClicks } from '@kindling/domain';
import { describeEachDatabase } from '../../../test/databases';
import {
  BLOCK_RGB,
  FIXTURE_HOST,
  pixelAt,
  startFixtureServer,
} from '../../../test/screenshot-fixture-server';
import { bearer, createTeam, signUp, useTestApp, type Account } from '../../../test/test-app';

const CLOSER = 'button[aria-label="Close newsletter"]';

describeEachDatabase('screenshot with pop-up clicks', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-popup-shots-'));
  const t = useTestApp(kind, {
    DATA_DIR: dataDir,
    PREVIEW_ALLOW_HOSTS: [FIXTURE_HOST],
    SCREENSHOT_TIMEOUT_MS: 8000,
    JOB_POLL_MS: 50,
  });
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  let owner: Account;
  let slug: string;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner);
  });
  afterAll(async () => {
    await fixtures.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.current.app.inject({ method: 'GET', url, headers: bearer(owner) });
  const requestShot = (url: string, popupClicks?: string) =>
    get(
      `/api/team/${slug}/campaign/screenshot?${new URLSearchParams({
        url,
        ...(popupClicks === undefined ? {} : { popupClicks }),
      }).toString()}`,
    );
  const jobCount = async () =>
    (await t.current.services.db.selectFrom('jobs').select('id').execute()).length;

  it('clicks the recorded selectors before the shot, so the pop-up is not in the thumbnail', async () => {
    const response = await requestShot(
      fixtures.url('/popup'),
      encodePopupClicks(['#not-there', CLOSER]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { jobId, thumbnailLarge } = response.json<Record<string, string>>();
    const row = await t.current.services.db
      .selectFrom('jobs')
      .select('payload')
      .where('id', '=', jobId!)
      .executeTakeFirstOrThrow();
    expect(row.payload).toMatchObject({ popupClicks: ['#not-there', CLOSER] });

    await expect
      .poll(
        async () =>
          (await get(`/api/team/${slug}/jobs/by-id?id=${jobId}`)).json<{ status: string }>().status,
        { timeout: 20_000, interval: 200 },
      )
      .toBe('succeeded');
    const large = await t.current.app.inject({ method: 'GET', url: thumbnailLarge! });
    const image = await sharp(large.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(pixelAt(image, 200, 200).every((channel) => channel > 248)).toBe(true);
    expect(pixelAt(image, 200, 200)).not.toEqual([...BLOCK_RGB]);
  });

  it('refuses malformed or too many clicks before queueing anything', async () => {
    const before = await jobCount();
    for (const popupClicks of ['not json', '{"a":1}', encodePopupClicks(Array(11).fill('#a'))]) {
      const refused = await requestShot(fixtures.url('/popup'), popupClicks);
      expect(refused.statusCode).toBe(400);
    }
    expect(await jobCount()).toBe(before);
  });
});
