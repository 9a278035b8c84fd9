import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * How the fake answers the next call: each scripted mode is used once, then `normal`. `hold`
 * keeps the call open (see `held`) until it is released or the caller's connection closes;
 * `{ imageUrl }` answers an image call with a link instead of the bytes, as DALL-E can.
 */
export type FakeMode =
  | 'normal'
  | 'slow'
  | 'hold'
  | '401'
  | '429'
  | '500'
  | 'malformed'
  | 'wrong-shape'
  | { imageUrl: string };

export interface HeldRequest {
  /** The caller's port on loopback, which tells the process that made the call. */
  remotePort: number;
  /** Resolves once the caller's connection closed (before a release: the caller went away). */
  closed: Promise<void>;
  /** Answers the call as `normal` would. */
  release(): void;
}

export interface FakeRequest {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** Parsed JSON, or the raw text of a multipart body. */
  body: unknown;
}

export interface FakeOpenAiServer {
  /** e.g. http://127.0.0.1:41234/v1 - what AI_BASE_URL takes. */
  baseUrl: string;
  requests: FakeRequest[];
  /** Calls answered `hold`, in arrival order. */
  held: HeldRequest[];
  /** Queues modes for the next calls, in order. */
  script(...modes: FakeMode[]): void;
  close(): Promise<void>;
}

const SLOW_MS = 3_000;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Rewrites of the text in a rewrite prompt, numbered across calls so they never repeat. */
function rewriteAnswer(user: string, sequence: () => number): object {
  const count = Number(/Write (\d+) alternative versions/.exec(user)?.[1] ?? 1);
  const value = user.split('\n\n')[1]?.trim() ?? '';
  const variants = Array.from({ length: count }, () => `${value} (take ${sequence()})`);
  return { variants };
}

function chatAnswer(body: { messages?: { content?: string }[] }, sequence: () => number) {
  const [system = '', user = ''] = (body.messages ?? []).map((message) => message.content ?? '');
  const json = system.includes('"description"')
    ? { description: `A page element: ${user.split('\n\n')[1]?.slice(0, 80) ?? ''}` }
    : rewriteAnswer(user, sequence);
  return { choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(json) } }] };
}

async function imageAnswer(size: string | undefined, count: number, sequence: () => number) {
  const [width = 256, height = 256] = (size ?? '256x256').split('x').map(Number);
  const data = await Promise.all(
    Array.from({ length: count }, async () => {
      const shade = (sequence() * 47) % 200;
      const png = await sharp({
        create: { width, height, channels: 3, background: { r: 40 + shade, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();
      return { b64_json: png.toString('base64') };
    }),
  );
  return { created: Math.floor(Date.now() / 1000), data };
}

/** Keeps the call open until it is released ('released') or its connection closes ('closed'). */
function hold(request: IncomingMessage, held: HeldRequest[]): Promise<'released' | 'closed'> {
  return new Promise((resolve) => {
    const socket = request.socket;
    const closed = new Promise<void>((onClose) => socket.once('close', () => onClose()));
    void closed.then(() => resolve('closed'));
    held.push({
      remotePort: socket.remotePort ?? 0,
      closed,
      release: () => resolve('released'),
    });
  });
}

/** A stand-in OpenAI-compatible API on loopback, for the `openai` provider's tests and bench. */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: FakeRequest[] = [];
  const held: HeldRequest[] = [];
  const queue: FakeMode[] = [];
  let counter = 0;
  const sequence = () => (counter += 1);

  const server: Server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const contentType = request.headers['content-type'];
      const isJson = contentType?.includes('application/json') ?? false;
      const body: unknown = isJson ? JSON.parse(raw.toString('utf8')) : raw.toString('latin1');
      const path = (request.url ?? '').replace(/^\/v1/, '');
      requests.push({ path, authorization: request.headers.authorization, contentType, body });
      const mode = queue.shift() ?? 'normal';
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      if (mode === 'hold' && (await hold(request, held)) === 'closed') return;
      if (mode === '429')
        return send(429, { error: { message: 'Rate limit' } }, { 'retry-after': '1' });
      if (mode === '401') return send(401, { error: { message: 'Bad key' } });
      if (mode === '500') return send(500, { error: { message: 'Boom' } });
      if (mode === 'malformed') return send(200, '{"choices": [ not json');
      if (typeof mode === 'object') {
        return send(200, {
          created: Math.floor(Date.now() / 1000),
          data: [{ url: mode.imageUrl }],
        });
      }
      if (mode === 'wrong-shape') {
        return send(200, { choices: [{ message: { content: '{"texts": 42}' } }], data: 'none' });
      }
      if (path === '/chat/completions') return send(200, chatAnswer(body as never, sequence));
      if (path === '/images/generations') {
        const { size, n } = body as { size?: string; n?: number };
        return send(200, await imageAnswer(size, n ?? 1, sequence));
      }
      if (path === '/images/edits') {
        const size = /name="size"\r\n\r\n([^\r]+)/.exec(body as string)?.[1];
        return send(200, await imageAnswer(size, 1, sequence));
      }
      return send(404, { error: { message: `No route ${path}` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    held,
    script: (...modes) => queue.push(...modes),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
