import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '@kindling/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { decompressionBombPng } from '../../../test/decompression-bomb';
import {
  bearer,
  createTeam,
  errorOf,
  signUp,
  useTestApp,
  type Account,
} from '../../../test/test-app';
import { checkImageUrl, INVALID_IMAGE_URL } from './check-image-url';
import { WRONG_FIELD_MESSAGE } from './image-routes';
import { NO_FILE_MESSAGE } from './upload-images';

interface FormFile {
  filename: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser sends it. */
function form(files: FormFile[]) {
  const boundary = `----kindling-${randomUUID()}`;
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

let png: Buffer;
let jpeg: Buffer;
let gif: Buffer;
let webp: Buffer;
beforeAll(async () => {
  [png, jpeg, gif, webp] = await Promise.all([
    canvas(800, 600).png().toBuffer(),
    canvas(1200, 900).jpeg().toBuffer(),
    canvas(300, 200).gif().toBuffer(),
    canvas(40, 40).webp().toBuffer(),
  ]);
});

const UPLOAD_URL = /^\/api\/files\/uploads\/[0-9a-f-]{36}\.(jpg|png|gif)$/;
const THUMB_URL = /^\/api\/files\/uploads\/[0-9a-f-]{36}-600x336\.webp$/;

describeEachDatabase('image uploads and is-image', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-uploads-'));
  const t = useTestApp(kind, { DATA_DIR: dataDir, PREVIEW_ALLOW_HOSTS: ['127.0.0.1'] });
  let owner: Account;
  let slug: string;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const uploadDir = path.join(dataDir, 'uploads');
  const storedFiles = () => (existsSync(uploadDir) ? readdirSync(uploadDir).length : 0);
  const upload = (files: FormFile[]) => {
    const body = form(files);
    return t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/upload-images`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
  };
  // No bearer token: <img> tags cannot send one.
  const getFile = (url: string) => t.current.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Upload Team');
  });

  describe('POST /campaign/upload-images', () => {
    it('stores each image by its bytes with a 600x336 WebP copy and serves both', async () => {
      const sent = [
        { filename: 'hero.png', type: 'image/png', data: png },
        // Declared type and name do not matter; the bytes decide the extension.
        { filename: 'photo.png', type: 'application/octet-stream', data: jpeg },
        { filename: 'anim.gif', type: 'image/gif', data: gif },
      ];
      const response = await upload(sent);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ files: string[]; thumbs: string[] }>();
      expect(Object.keys(body).sort()).toEqual(['files', 'thumbs']);
      expect(body.files.map((url) => url.split('.').pop())).toEqual(['png', 'jpg', 'gif']);
      for (const url of body.files) expect(url).toMatch(UPLOAD_URL);
      for (const url of body.thumbs) expect(url).toMatch(THUMB_URL);
      expect(storedFiles()).toBe(6);

      for (const [i, url] of body.files.entries()) {
        const file = await getFile(url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(['image/png', 'image/jpeg', 'image/gif'][i]);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(file.rawPayload.equals(sent[i]!.data)).toBe(true);
      }
      for (const url of body.thumbs) {
        const thumb = await getFile(url);
        expect(thumb.headers['content-type']).toBe('image/webp');
        const meta = await sharp(thumb.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 336]);
      }
    });

    it('refuses a file over 4 MB and stores nothing of the batch', async () => {
      const before = storedFiles();
      const huge = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1 - png.length, 1)]);
      const response = await upload([
        { filename: 'ok.png', type: 'image/png', data: png },
        { filename: 'huge.png', type: 'image/png', data: huge },
      ]);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(UPLOAD_MESSAGES.tooLarge);
      expect(storedFiles()).toBe(before);
    });

    it('judges exactly 4 MB by its content, not its size', async () => {
      const before = storedFiles();
      const padded = Buffer.concat([png.subarray(0, 8), Buffer.alloc(MAX_IMAGE_BYTES - 8, 7)]);
      const response = await upload([{ filename: 'edge.png', type: 'image/png', data: padded }]);
      expect(errorOf(response).message).toBe(UPLOAD_MESSAGES.unsupportedType);
      expect(storedFiles()).toBe(before);
    });

    it('refuses files that are not really JPG, PNG or GIF, whatever their name says', async () => {
      const before = storedFiles();
      const cases: FormFile[] = [
        { filename: 'fake.png', type: 'image/png', data: Buffer.from('just some text') },
        { filename: 'cut.png', type: 'image/png', data: png.subarray(0, png.length / 2) },
        { filename: 'cut.jpg', type: 'image/jpeg', data: jpeg.subarray(0, 200) },
        {
          filename: 'garbage.gif',
          type: 'image/gif',
          data: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(500, 3)]),
        },
        { filename: 'pic.webp', type: 'image/webp', data: webp },
        {
          filename: 'x.svg',
          type: 'image/svg+xml',
          data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        },
        { filename: 'empty.png', type: 'image/png', data: Buffer.alloc(0) },
        {
          filename: 'page.png',
          type: 'image/png',
          data: Buffer.from('<!doctype html><script>alert(document.domain)</script>'),
        },
      ];
      for (const bad of cases) {
        const response = await upload([{ filename: 'ok.png', type: 'image/png', data: png }, bad]);
        expect({ file: bad.filename, status: response.statusCode }).toEqual({
          file: bad.filename,
          status: 400,
        });
        expect(errorOf(response).message).toBe(UPLOAD_MESSAGES.unsupportedType);
      }
      expect(storedFiles()).toBe(before);
    });

    it('refuses a decompression bomb (a 110 KB PNG of 30000x30000 pixels) without decoding it', async () => {
      const before = storedFiles();
      const bomb = decompressionBombPng();
      expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
      // Positive control: sharp reads the header, so the refusal is about the pixels.
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
        format: 'png',
        width: 30_000,
        height: 30_000,
      });
      const started = Date.now();
      const response = await upload([{ filename: 'bomb.png', type: 'image/png', data: bomb }]);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(UPLOAD_MESSAGES.unsupportedType);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(storedFiles()).toBe(before);
    });

    it('refuses a sixth file and stores none of them', async () => {
      const before = storedFiles();
      const six = Array.from({ length: 6 }, (_v, i) => ({
        filename: `p${i}.png`,
        type: 'image/png',
        data: png,
      }));
      const response = await upload(six);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(UPLOAD_MESSAGES.tooMany);
      expect(storedFiles()).toBe(before);
      // A seventh file ends the form before it is read, with the same message.
      const seven = await upload([...six, six[0]!]);
      expect(seven.statusCode).toBe(400);
      expect(errorOf(seven).message).toBe(UPLOAD_MESSAGES.tooMany);
      expect(storedFiles()).toBe(before);
      const five = await upload(six.slice(0, 5));
      expect(five.json<{ files: string[] }>().files).toHaveLength(5);
      expect(storedFiles()).toBe(before + 10);
    });

    it('asks for a file when none is sent or the field is wrong', async () => {
      const empty = await t.current.app.inject({
        method: 'POST',
        url: `/api/team/${slug}/campaign/upload-images`,
        headers: bearer(owner),
      });
      expect(empty.statusCode).toBe(400);
      expect(errorOf(empty).message).toBe(NO_FILE_MESSAGE);
      expect(errorOf(await upload([])).message).toBe(NO_FILE_MESSAGE);
      const wrongField = await upload([
        { filename: 'a.png', type: 'image/png', data: png, field: 'image' },
      ]);
      expect(errorOf(wrongField).message).toBe(WRONG_FIELD_MESSAGE);
    });
  });

  describe('GET /api/files/uploads/:name', () => {
    it('serves only names it issued: no path escapes the uploads folder', async () => {
      writeFileSync(path.join(dataDir, 'secret.png'), png);
      const id = randomUUID();
      const names = [
        '..%2Fsecret.png',
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e%2fsecret.png',
        '..\\secret.png',
        `${id}.png%2F..%2F..%2Fsecret.png`,
        `${id}.svg`,
        `${id}.png.html`,
        `${id.toUpperCase()}.png`,
        `${id}.png`,
        `${id}-600x336.png`,
        'secret.png',
      ];
      for (const name of names) {
        const response = await getFile(`/api/files/uploads/${name}`);
        expect({ name, status: response.statusCode }).toEqual({ name, status: 404 });
        expect(response.rawPayload.equals(png)).toBe(false);
      }
      expect((await getFile('/api/files/uploads/../secret.png')).statusCode).toBe(404);
    });
  });

  describe('GET /campaign/is-image', () => {
    let site: Server;
    /** The same site on ::1, which the allow-list (127.0.0.1) does not name. */
    let site6: Server;
    let origin: string;
    let port: number;
    let port6: number;
    /** Requests each socket received: a refused address must add none. */
    const hits: { v4: string[]; v6: string[] } = { v4: [], v6: [] };
    const isImage = async (url: string) => {
      const response = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/campaign/is-image?url=${encodeURIComponent(url)}`,
        headers: bearer(owner),
      });
      return response;
    };
    const result = async (url: string) => (await isImage(url)).json<{ result: boolean }>().result;

    beforeAll(async () => {
      const large = await canvas(1500, 1500).png({ compressionLevel: 0 }).toBuffer();
      const handler = (seen: string[]) => (request: IncomingMessage, response: ServerResponse) => {
        seen.push(request.url ?? '');
        const send = (status: number, type: string, body: Buffer | string) =>
          response.writeHead(status, { 'content-type': type }).end(body);
        switch (request.url ?? '') {
          case '/logo.png':
            return send(200, 'image/png', png);
          case '/photo.jpg':
            return send(200, 'image/jpeg', jpeg);
          case '/large.png':
            return send(200, 'image/png', large);
          case '/photo.webp':
            return send(200, 'image/webp', webp);
          case '/moved':
            return response.writeHead(302, { location: '/logo.png' }).end();
          case '/to-loopback':
            return response.writeHead(302, { location: `http://[::1]:${port6}/logo.png` }).end();
          case '/page':
            return send(200, 'text/html', '<!doctype html><h1>Not an image</h1>');
          case '/lying.png':
            return send(200, 'image/png', 'plain text wearing an image type');
          case '/gone.png':
            return send(404, 'image/png', png);
          case '/endless.png':
            // The head of an image, then nothing: the check must not wait for the rest.
            response.writeHead(200, { 'content-type': 'image/png' });
            response.write(png.subarray(0, 100));
            return undefined;
          default:
            return send(404, 'text/plain', 'missing');
        }
      };
      site = createServer(handler(hits.v4));
      site6 = createServer(handler(hits.v6));
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      await new Promise<void>((resolve) => site6.listen(0, '::1', resolve));
      port = (site.address() as AddressInfo).port;
      port6 = (site6.address() as AddressInfo).port;
      origin = `http://127.0.0.1:${port}`;
    });
    beforeEach(() => {
      hits.v4.length = 0;
      hits.v6.length = 0;
    });
    afterAll(async () => {
      for (const server of [site, site6]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('answers true for images served with a 2xx status', async () => {
      for (const file of ['/logo.png', '/photo.jpg', '/large.png', '/photo.webp', '/moved']) {
        expect({ file, result: await result(`${origin}${file}`) }).toEqual({ file, result: true });
      }
      const started = Date.now();
      expect(await result(`${origin}/endless.png`)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('answers false for pages, error statuses and lying content types', async () => {
      for (const file of ['/page', '/lying.png', '/gone.png', '/nothing-here']) {
        expect({ file, result: await result(`${origin}${file}`) }).toEqual({ file, result: false });
      }
      expect(await result(`ftp://127.0.0.1:${port}/logo.png`)).toBe(false);
    });

    // Every address here has a server listening behind it, so a request the guard let through
    // would be counted (ssrf-fetchers.test.ts runs the whole vector table, silent ones included).
    it('answers false for addresses the SSRF guard refuses, sending them no request', async () => {
      for (const url of [
        `http://[::1]:${port6}/logo.png`,
        `http://[0:0:0:0:0:0:0:1]:${port6}/logo.png`,
        `http://localhost:${port}/logo.png`,
        `http://localhost:${port6}/logo.png`,
        // Allowed first hop, refused redirect.
        `${origin}/to-loopback`,
      ]) {
        const response = await isImage(url);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 200,
          body: { result: false },
        });
      }
      expect(hits).toEqual({ v4: ['/to-loopback'], v6: [] });
    });

    it('reaches the same ::1 server once it is allow-listed (positive control for the count)', async () => {
      const allowing = { config: { PREVIEW_ALLOW_HOSTS: ['::1'] } };
      expect(await checkImageUrl(allowing, { url: `http://[::1]:${port6}/logo.png` })).toEqual({
        result: true,
      });
      expect(hits).toEqual({ v4: [], v6: ['/logo.png'] });
    });

    it('answers 400 for text that is not a URL', async () => {
      for (const url of ['not a url', '/relative/logo.png', '']) {
        const response = await isImage(url);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).message).toBe(INVALID_IMAGE_URL);
      }
    });
  });
});
