import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
/** What `npm start` runs: scripts/build-server.mjs writes it. */
export const COMPILED_MAIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist/main.mjs',
);

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  realtimeUrl: string;
  /** True once /api/health answered; false when the process exited (or timed out) first. */
  healthy: boolean;
  output: () => string;
  /**
   * The lines of standard output, where pino writes (one write per line, whole even from several
   * cluster workers). Standard error stays out: a child's crash text (esbuild's Go stack when
   * tsx's worker is killed) can land there in the middle of a log line.
   */
  logLines: () => string[];
  exited: Promise<number | null>;
  /** SIGTERM (when still running), then the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Runs `src/main.ts` (or, with `compiled`, the bundle `npm start` runs) as a real child process
 * and waits until it is healthy or has exited. `args` follow the entry (`--cluster`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  { compiled = false, args = [] }: { compiled?: boolean; args?: string[] } = {},
): Promise<ServerProcess> {
  // A fixed PORT in `env` lets a restarted process answer on the address clients already use.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const command = [...(compiled ? [COMPILED_MAIN] : ['--import', 'tsx', main]), ...args];
  const child = spawn(process.execPath, command, {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
  });
  let output = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let healthy = false;
  while (!healthy && child.exitCode === null && Date.now() < deadline) {
    healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    realtimeUrl: `ws://127.0.0.1:${port}/api/realtime`,
    healthy,
    output: () => output,
    logLines: () => stdout.split('\n'),
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The server's pino lines with this message, parsed. */
export const loggedLines = <T = Record<string, unknown>>(
  server: ServerProcess,
  message: string,
): T[] =>
  server
    .logLines()
    .filter((line) => line.includes(`"msg":"${message}"`))
    .map((line) => JSON.parse(line) as T);

/** The pids of a cluster's workers as its primary logged them, in order of start. */
export const workerPids = (cluster: ServerProcess): number[] =>
  loggedLines<{ workerPid: number }>(cluster, 'worker listening').map((line) => line.workerPid);
