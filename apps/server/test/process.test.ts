import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { holdRequest, untilLogged } from './held-request';
import { startServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const start = (env: Record<string, string> = {}) =>
  startServerProcess({ DATA_DIR: dataDir, ...env });

describe('the server process', { timeout: 120_000 }, () => {
  it('refuses to start on a bad configuration value, saying which one', async () => {
    const server = await start({ PORT: 'eighty' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('PORT');
  });

  it('keeps an acknowledged sign-up through kill -9 on embedded PGlite', async () => {
    const first = await start();
    expect(first.healthy).toBe(true);
    const email = `durable-${Date.now()}@example.com`;
    const register = await fetch(`${first.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'durable-pass-1', realName: 'Durable' }),
    });
    expect(register.status).toBe(201);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await start();
    const signIn = await fetch(`${second.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'durable-pass-1' }),
    });
    expect(signIn.status).toBe(200);
    expect(await second.stop()).toBe(0);
  });

  it('refuses a second process on the same data folder', async () => {
    const first = await start();
    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by process');
    expect(await first.stop()).toBe(0);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const server = await start({ LOG_LEVEL: 'info' });
    // A failed check would leave the process waiting for the rest of the body.
    onTestFinished(() => void server.child.kill('SIGKILL'));
    const held = holdRequest(`${server.url}/api/user/register`, {
      email: `inflight-${Date.now()}@example.com`,
      password: 'inflight-pass-1',
      realName: 'In Flight',
    });
    await untilLogged(server, '"msg":"incoming request"', '"url":"/api/user/register"');

    server.child.kill('SIGTERM');
    await untilLogged(server, '"msg":"shutting down: finishing in-flight requests"');
    // The server has the request and the signal, and has not answered: it is in flight.
    expect(held.answeredYet()).toBe(false);
    expect(server.child.exitCode).toBeNull();
    held.finish();

    expect(await held.answered).toEqual({ status: 201, connection: 'close' });
    expect(await server.exited).toBe(0);
  });
});
