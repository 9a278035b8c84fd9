import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The colour of the block on /block, at x 0..400, y 0..300 of the viewport. */
export const BLOCK_RGB = [230, 40, 40] as const;
export const FIXTURE_HOST = 'fixture.localhost';

const html = (response: ServerResponse, body: string) =>
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

const BLOCK_PAGE = `<!doctype html><html><head><style>
body { margin: 0; background: #fff; }
#block { width: 400px; height: 300px; background: rgb(${BLOCK_RGB.join(',')}); }
</style></head><body><div id="block"></div></body></html>`;

const SSRF_PAGE = `<!doctype html><html><body style="margin:0">
<div style="width:400px;height:300px;background:rgb(${BLOCK_RGB.join(',')})"></div>
<iframe src="http://10.0.0.1/admin"></iframe>
<img src="/to-metadata">
<script>fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});</script>
</body></html>`;

/** A white page whose pop-up (the block's colour, same place) opens on load, or `delay` ms after. */
const popupPage = (delay: number) => `<!doctype html><html><head><style>
body { margin: 0; background: #fff; }
#newsletter { position: fixed; left: 0; top: 0; width: 400px; height: 300px;
  background: rgb(${BLOCK_RGB.join(',')}); }
</style></head><body><p>Page</p>
<script>addEventListener('DOMContentLoaded', () => setTimeout(() => {
  const modal = document.createElement('div');
  modal.id = 'newsletter';
  modal.innerHTML = '<button aria-label="Close newsletter">x</button>';
  modal.querySelector('button').onclick = () => modal.remove();
  document.body.append(modal);
}, ${delay}));</script></body></html>`;

/** Pages for screenshot tests, on 127.0.0.1 only; tests reach it as fixture.localhost. */
export async function startFixtureServer() {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture.invalid').pathname;
    if (path === '/block') html(response, BLOCK_PAGE);
    else if (path === '/ssrf') html(response, SSRF_PAGE);
    else if (path === '/popup') html(response, popupPage(0));
    else if (path === '/late-popup') html(response, popupPage(300));
    else if (path === '/moved') response.writeHead(302, { location: '/block' }).end();
    else if (path === '/to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (path === '/never') {
      // Headers and the start of a page, then silence: the load event never fires.
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<!doctype html><html><body><p>still loading');
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://${FIXTURE_HOST}:${port}${path}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The RGB of one pixel of a decoded image. */
export function pixelAt(
  image: { data: Buffer; info: { width: number; channels: number } },
  x: number,
  y: number,
): number[] {
  const offset = (y * image.info.width + x) * image.info.channels;
  return [...image.data.subarray(offset, offset + 3)];
}
