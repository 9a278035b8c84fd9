import http from 'node:http';
import { expect, vi } from 'vitest';
import type { ServerProcess } from './server-process';

export interface HeldRequest {
  /** Sends the rest of the body: only now can the server answer. */
  finish(): void;
  /** Whether the answer has arrived (it cannot before `finish`). */
  answeredYet(): boolean;
  answered: Promise<{ status: number; connection: string | undefined }>;
}

/**
 * A JSON POST the test holds open: the headers and half the body at once, the rest on
 * `finish()`. In between the server has the request and cannot have answered it, so a signal
 * sent then reaches a request in flight whatever the timing.
 */
export function holdRequest(url: string, payload: unknown): HeldRequest {
  const body = JSON.stringify(payload);
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  let settled = false;
  const answered = new Promise<{ status: number; connection: string | undefined }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => {
          settled = true;
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        });
      });
      request.on('error', reject);
    },
  );
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return {
    finish: () => request.end(body.slice(half)),
    answeredYet: () => settled,
    answered,
  };
}

/** Waits for a log line of `server` holding every one of `parts`, and answers it parsed. */
export async function untilLogged(
  server: ServerProcess,
  ...parts: string[]
): Promise<Record<string, unknown>> {
  const line = await vi.waitFor(
    () => {
      const found = server
        .logLines()
        .find((candidate) => parts.every((part) => candidate.includes(part)));
      expect(found, `a log line with ${parts.join(' and ')}`).toBeDefined();
      return found!;
    },
    { timeout: 15_000, interval: 10 },
  );
  return JSON.parse(line) as Record<string, unknown>;
}
