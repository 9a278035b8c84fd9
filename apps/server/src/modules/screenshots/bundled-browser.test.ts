import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTeam, signUp, type Account } from '../../../test/test-app';
import { openTestDatabase, type TestDatabase } from '../../../test/databases';
import { buildApp, type BuildOptions, type BuiltApp } from '../../app';
import { loadBundledChromium } from '../../browser/bundled-chromium';
import { NO_CHROMIUM_MESSAGE } from '../../browser/resolve-chromium';
import { testConfig } from '../../config';
import { followJob } from '../../../test/job-helpers';
import {
  BLOCK_RGB,
  FIXTURE_HOST,
  pixelAt,
  startFixtureServer,
} from '../../../test/screenshot-fixture-server';

/** Where the screenshot store keeps its files. */
const screenshotDir = (dataDir: string) => path.join(dataDir, 'screenshots');

/** A server whose CHROMIUM_PATH points nowhere, on a machine without /usr/bin/chromium. */
function useServerWithoutChromium(chromium: BuildOptions['chromium']) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-no-chromium-'));
  const holder = {} as { built: BuiltApp; database: TestDatabase; owner: Account; slug: string };
  beforeAll(async () => {
    holder.database = await openTestDatabase('pglite');
    holder.built = await buildApp({
      config: testConfig({
        DATA_DIR: dataDir,
        CHROMIUM_PATH: '/nonexistent/chromium',
        PREVIEW_ALLOW_HOSTS: [FIXTURE_HOST],
        JOB_POLL_MS: 50,
      }),
      db: holder.database.handle.db,
      chromium,
    });
    holder.owner = await signUp(holder.built.app);
    holder.slug = await createTeam(holder.built.app, holder.owner);
  });
  afterAll(async () => {
    await holder.built.app.close();
    await holder.database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string) =>
    holder.built.app.inject({ method: 'GET', url, headers: bearer(holder.owner) });
  async function shoot(url: string) {
    const response = await get(
      `/api/team/${holder.slug}/campaign/screenshot?url=${encodeURIComponent(url)}`,
    );
    expect(response.statusCode).toBe(200);
    const { jobId } = response.json<{ jobId: string }>();
    const follower = await followJob(holder.built.services.bus, jobId);
    let job = (await get(`/api/team/${holder.slug}/jobs/by-id?id=${jobId}`)).json();
    if (job.status === 'queued' || job.status === 'running') {
      await follower.outcome;
      job = (await get(`/api/team/${holder.slug}/jobs/by-id?id=${jobId}`)).json();
    }
    return { jobId, job };
  }
  const attempts = async (jobId: string) =>
    (
      await holder.built.services.db
        .selectFrom('jobs')
        .select('attempts')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow()
    ).attempts;
  return { dataDir, shoot, attempts };
}

describe('a server with CHROMIUM_PATH pointing nowhere and no system Chromium', () => {
  let bundledLoads = 0;
  const server = useServerWithoutChromium({
    systemPaths: [],
    loadBundled: () => {
      bundledLoads += 1;
      return loadBundledChromium();
    },
  });
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
  });
  afterAll(() => fixtures.close());

  it('takes a screenshot through the bundled browser', async () => {
    const { jobId, job } = await server.shoot(fixtures.url('/block'));
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    expect(bundledLoads).toBe(1);

    const folder = screenshotDir(server.dataDir);
    const small = path.join(folder, `${jobId}-small.png`);
    const large = path.join(folder, `${jobId}-large.webp`);
    expect(existsSync(small) && existsSync(large)).toBe(true);
    expect(await sharp(small).metadata()).toMatchObject({ format: 'png', width: 320 });
    expect(await sharp(large).metadata()).toMatchObject({ format: 'webp', width: 1280 });
    // Not blank: the fixture's red block on white.
    const image = await sharp(large).raw().toBuffer({ resolveWithObject: true });
    pixelAt(image, 100, 100).forEach((channel, index) =>
      expect(Math.abs(channel - BLOCK_RGB[index]!)).toBeLessThanOrEqual(6),
    );
    expect(pixelAt(image, 1000, 600).every((channel) => channel > 248)).toBe(true);
    const { channels } = await sharp(small).stats();
    expect(channels.some((channel) => channel.max - channel.min > 100)).toBe(true);
  });
});

describe('a server with no browser at all', () => {
  const server = useServerWithoutChromium({
    systemPaths: [],
    loadBundled: () => Promise.resolve(null),
  });

  it('fails the screenshot job at once with a message that says what to do', async () => {
    const { jobId, job } = await server.shoot('http://fixture.localhost:9/block');
    expect(job).toMatchObject({ status: 'failed', error: NO_CHROMIUM_MESSAGE });
    expect(await server.attempts(jobId)).toBe(1);
    expect(existsSync(path.join(screenshotDir(server.dataDir), `${jobId}-small.png`))).toBe(false);
  });
});
