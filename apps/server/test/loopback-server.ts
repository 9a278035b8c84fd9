import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** What a test server saw: proof of what the guard let through. */
export interface SeenRequest {
  path: string;
  host: string | undefined;
}

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => void;

const redirect = (response: ServerResponse, location: string) =>
  response.writeHead(302, { location }).end();

const ROUTES: Record<string, Handler> = {
  '/page': (_request, response) =>
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Multi': ['a', 'b'] })
      .end('<h1>hello</h1>'),
  '/redirect': (_request, response, url) => redirect(response, url.searchParams.get('to') ?? '/'),
  '/chain': (_request, response, url) => {
    const left = Number(url.searchParams.get('left'));
    if (left > 0) redirect(response, `/chain?left=${left - 1}`);
    else response.writeHead(200, { 'content-type': 'text/plain' }).end('end of chain');
  },
  '/bytes': (_request, response, url) => {
    const size = Number(url.searchParams.get('size'));
    response.writeHead(200, { 'content-length': size }).end(Buffer.alloc(size, 'a'));
  },
  '/endless': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const write = () => {
      while (!response.destroyed && response.write(chunk));
      if (!response.destroyed) response.once('drain', write);
    };
    write();
  },
  '/gzip': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      .end(gzipSync('<p>compressed</p>')),
  '/gzip-bomb': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })
      .end(gzipSync(Buffer.alloc(8 * 1024 * 1024))),
  '/hang': () => {},
  '/stall-body': (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.write('<p>first part');
  },
};

export interface LoopbackServers {
  /** Port of the server on 127.0.0.1. */
  port: number;
  /** Port of the server on ::1. */
  port6: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function listen(server: Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** HTTP servers on 127.0.0.1 and ::1 that record every request they receive. */
export async function startLoopbackServers(): Promise<LoopbackServers> {
  const seen: SeenRequest[] = [];
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    seen.push({ path: request.url ?? '', host: request.headers.host });
    const url = new URL(request.url ?? '/', 'http://test.invalid');
    const route = ROUTES[url.pathname];
    if (route) route(request, response, url);
    else response.writeHead(200, { 'content-type': 'text/plain' }).end('secret');
  };
  const servers = [createServer(handle), createServer(handle)] as const;
  const port = await listen(servers[0], '127.0.0.1');
  const port6 = await listen(servers[1], '::1');
  return {
    port,
    port6,
    seen,
    async close() {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}

/**
 * The servers for a whole test file: started before it, their record emptied before each test,
 * closed after it. `fill` puts their ports into a vector's `{port}` and `{port6}`.
 */
export function useLoopbackServers(): LoopbackServers & { fill: (url: string) => string } {
  let servers: LoopbackServers;
  beforeAll(async () => {
    servers = await startLoopbackServers();
  });
  afterAll(() => servers.close());
  beforeEach(() => {
    servers.seen.length = 0;
  });
  return {
    get port() {
      return servers.port;
    },
    get port6() {
      return servers.port6;
    },
    get seen() {
      return servers.seen;
    },
    close: () => servers.close(),
    fill: (url) =>
      url.replaceAll('{port}', String(servers.port)).replaceAll('{port6}', String(servers.port6)),
  };
}
