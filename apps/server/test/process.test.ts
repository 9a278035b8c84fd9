import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function start(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, output: () => output };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { child, url, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

describe('the server process', { timeout: 120_000 }, () => {
  it('refuses to start on a bad configuration value, saying which one', async () => {
    const { child, output } = await start({ PORT: 'eighty' });
    expect(await exited(child)).toBe(78);
    expect(output()).toContain('Invalid configuration');
    expect(output()).toContain('PORT');
  });

  it('keeps an acknowledged sign-up through kill -9 on embedded PGlite', async () => {
    const first = await start({});
    const email = `durable-${Date.now()}@example.com`;
    const register = await fetch(`${first.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'durable-pass-1', realName: 'Durable' }),
    });
    expect(register.status).toBe(201);
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = await start({});
    const signIn = await fetch(`${second.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'durable-pass-1' }),
    });
    expect(signIn.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  });

  it('refuses a second process on the same data folder', async () => {
    const first = await start({});
    const second = await start({});
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toContain('is in use by process');
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const server = await start({});
    // bcrypt makes register slow enough to still be running when the signal arrives.
    const inFlight = fetch(`${server.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `inflight-${Date.now()}@example.com`,
        password: 'inflight-pass-1',
        realName: 'In Flight',
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(201);
    expect(await exited(server.child)).toBe(0);
  });
});
