import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain .mjs script shared with `npm start`
import { buildServerIfStale } from '../../../scripts/build-server.mjs';
import { startServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-compiled-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the compiled server that `npm start` runs', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await (buildServerIfStale as () => Promise<boolean>)();
  }, 60_000);

  it('starts from dist/main.mjs, finds its browser, signs a user up and exits 0 on SIGTERM', async () => {
    const server = await startServerProcess(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      { compiled: true },
    );
    expect(server.healthy).toBe(true);
    const register = await fetch(`${server.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `compiled-${Date.now()}@example.com`,
        password: 'compiled-pass-1',
        realName: 'Compiled',
      }),
    });
    expect(register.status).toBe(201);
    const deadline = Date.now() + 30_000;
    while (!server.output().includes('screenshots use Chromium') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.output()).toContain('screenshots use Chromium');
    expect(await server.stop()).toBe(0);
  });
});
