import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CACHED_IMAGE_VARIANT_SIZE,
  ERROR_MESSAGES,
  GENERATE_IMAGE_PHASE_MS,
  IMAGE_GENERATION_MESSAGES,
  IMAGE_SUGGESTION_PHASE_MS,
  type ImageGenerationResult,
} from '@kindling/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/databases';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../../../test/fake-openai-server';
import { waitFor } from '../../../../test/job-helpers';
import {
  bearer,
  createTeam,
  expectFieldError,
  signUp,
  useTestApp,
  type Account,
} from '../../../../test/test-app';
import { uploadStore } from '../../campaigns/uploaded-files';
import { uploadImages } from '../../campaigns/upload-images';
import { PermanentJobError, type JobContext } from '../../jobs/job-types';
import { AI_PROVIDER_MESSAGES as M } from '../openai/ai-provider-error';
import { createOpenAiHttp } from '../openai/openai-http';
import { createOpenAiImageProvider } from '../openai/openai-image-provider';
import { generateImageJob } from './generate-image-job';
import type { ImageProvider } from './image-provider';
import { createLocalImageProvider } from './local-image-provider';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-images-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = { DATA_DIR: dataDir, PUBLIC_URL: undefined, PREVIEW_ALLOW_HOSTS: [] };

function jobOf(payload: object) {
  const progress: unknown[] = [];
  const job: JobContext = {
    id: 'job-1',
    teamId: 1,
    type: 'generate-image',
    payload: payload as Record<string, unknown>,
    attempt: 1,
    progress: (data) => {
      progress.push(data);
      return Promise.resolve();
    },
  };
  return { job, progress };
}

async function run(provider: ImageProvider, payload: object) {
  const { job, progress } = jobOf(payload);
  const result = (await generateImageJob({ config, provider })(job)) as ImageGenerationResult;
  return { result, progress };
}

const stored = async (src: string) => {
  const file = await uploadStore(dataDir).read(src.slice(src.lastIndexOf('/') + 1));
  if (!file) throw new Error(`${src} was not stored`);
  return file.data;
};

async function uploadedPhoto(): Promise<string> {
  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 60 } },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 200, height: 200, channels: 3, background: { r: 20, g: 20, b: 20 } },
        })
          .png()
          .toBuffer(),
        left: 500,
        top: 300,
      },
    ])
    .jpeg()
    .toBuffer();
  return (await uploadImages({ config }, { files: [photo] })).files[0]!;
}

describe('the generate-image job with the local provider', () => {
  const local = createLocalImageProvider();

  it('draws one image per id, reporting analyze, then generate and save for each', async () => {
    const { result, progress } = await run(local, {
      prompt: 'A cosy reading lamp on an oak desk',
      dimensions: { width: 300, height: 200 },
      ids: [0, 1, 2, 3],
    });
    const dimensions = { width: 300, height: 200 };
    expect(progress).toEqual([
      { status: { type: 'analyze', duration: 2000, dimensions } },
      ...[0, 1, 2, 3].flatMap((id) => [
        { id, status: { type: 'generate', duration: GENERATE_IMAGE_PHASE_MS, dimensions } },
        { id, status: { type: 'save', duration: 1000, dimensions } },
      ]),
    ]);
    expect(result.images.map((image) => image.id)).toEqual([0, 1, 2, 3]);
    const files = await Promise.all(result.images.map((image) => stored(image.src)));
    for (const file of files) {
      expect(await sharp(file).metadata()).toMatchObject({
        format: 'jpeg',
        width: 600,
        height: 400,
      });
    }
    expect(new Set(files.map((file) => file.toString('base64'))).size).toBe(4);
    const thumb = await sharp(await stored(result.images[0]!.thumb)).metadata();
    expect([thumb.width, thumb.height]).toEqual([
      CACHED_IMAGE_VARIANT_SIZE.width,
      CACHED_IMAGE_VARIANT_SIZE.height,
    ]);
  });

  it('edits the current image into differently treated crops of the element size', async () => {
    const url = await uploadedPhoto();
    const { result, progress } = await run(local, {
      url,
      dimensions: { width: 200, height: 200 },
      ids: [7, 8],
    });
    expect(progress[1]).toMatchObject({ id: 7, status: { duration: IMAGE_SUGGESTION_PHASE_MS } });
    const [warm, cool] = await Promise.all(
      result.images.map(async (image) => sharp(await stored(image.src)).stats()),
    );
    // The warm treatment keeps the orange photo red-dominant, the cool duotone turns it blue.
    expect(warm!.channels[0]!.mean).toBeGreaterThan(warm!.channels[2]!.mean);
    expect(cool!.channels[2]!.mean).toBeGreaterThan(cool!.channels[0]!.mean);
  });

  it('ends with "Could not get image info" when the source cannot be read', async () => {
    for (const url of [
      '/api/files/uploads/00000000-0000-4000-8000-000000000000.png',
      'not a url',
    ]) {
      await expect(
        run(local, { url, dimensions: { width: 10, height: 10 }, ids: [0] }),
      ).rejects.toEqual(new PermanentJobError(ERROR_MESSAGES.imageInfo));
    }
  });
});

describe('the generate-image job through an OpenAI-compatible server', () => {
  let fake: FakeOpenAiServer;
  let provider: ImageProvider;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    provider = createOpenAiImageProvider({
      http: createOpenAiHttp({
        baseUrl: fake.baseUrl,
        timeoutMs: 2000,
        maxAttempts: 2,
        sleep: () => Promise.resolve(),
      }),
      model: 'gpt-image-1',
      timeoutMs: 2000,
      allowHosts: [],
    });
  });
  afterAll(() => fake.close());

  it('draws with images/generations in the nearest size, cropped to the element', async () => {
    const { result } = await run(provider, {
      prompt: 'A lamp',
      dimensions: { width: 640, height: 360 },
      ids: [0, 1],
      imageType: 'illustration',
    });
    const sent = fake.requests.filter((request) => request.path === '/images/generations');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toMatchObject({ model: 'gpt-image-1', n: 1, size: '1536x1024' });
    expect((sent[0]?.body as { prompt: string }).prompt).toContain('Style: illustration');
    const meta = await sharp(await stored(result.images[1]!.src)).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
  });

  it('edits with images/edits, sending the source image as a file', async () => {
    const url = await uploadedPhoto();
    fake.requests.length = 0;
    await run(provider, {
      url,
      prompt: 'Warmer light',
      dimensions: { width: 100, height: 100 },
      ids: [0],
    });
    expect(fake.requests[0]?.path).toBe('/images/edits');
    expect(fake.requests[0]?.contentType).toMatch(/^multipart\/form-data/);
    expect(fake.requests[0]?.body).toContain('filename="image.png"');
    expect(fake.requests[0]?.body).toContain('Warmer light');
  });

  it('ends with the provider’s reason when it fails or answers something that is not an image', async () => {
    const payload = { prompt: 'A lamp', dimensions: { width: 10, height: 10 }, ids: [0] };
    fake.script('500', '500');
    await expect(run(provider, payload)).rejects.toEqual(new PermanentJobError(M.failed(500)));
    fake.script('wrong-shape');
    await expect(run(provider, payload)).rejects.toEqual(new PermanentJobError(M.malformed));
  });
});

describe('an image link in the OpenAI answer is fetched through the SSRF guard', () => {
  let fake: FakeOpenAiServer;
  let images: Server;
  let port: number;
  /** What the image server received: a refused link must add nothing. */
  const hits: string[] = [];
  const payload = { prompt: 'A lamp', dimensions: { width: 10, height: 10 }, ids: [0] };
  const providerAllowing = (allowHosts: string[]) =>
    createOpenAiImageProvider({
      http: createOpenAiHttp({ baseUrl: fake.baseUrl, timeoutMs: 2000, maxAttempts: 1 }),
      model: 'dall-e-3',
      timeoutMs: 2000,
      allowHosts,
    });
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    const png = await sharp({
      create: { width: 16, height: 16, channels: 3, background: { r: 9, g: 99, b: 199 } },
    })
      .png()
      .toBuffer();
    images = createServer((request, response) => {
      hits.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    port = (images.address() as AddressInfo).port;
  });
  afterAll(async () => {
    images.closeAllConnections();
    await new Promise((resolve) => images.close(resolve));
    await fake.close();
  });

  it('refuses a loopback or cloud-metadata link: the job ends, the image server sees nothing', async () => {
    const links = [
      `http://127.0.0.1:${port}/image.png`,
      `http://localhost:${port}/image.png`,
      `http://2130706433:${port}/image.png`,
      `http://[::ffff:127.0.0.1]:${port}/image.png`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'file:///etc/passwd',
    ];
    for (const imageUrl of links) {
      fake.script({ imageUrl });
      await expect(run(providerAllowing([]), payload), imageUrl).rejects.toEqual(
        new PermanentJobError(M.imageRefused),
      );
    }
    // The metadata service stays closed even to an allow-listed address.
    fake.script({ imageUrl: 'http://169.254.169.254/latest/meta-data/' });
    await expect(run(providerAllowing(['169.254.169.254']), payload)).rejects.toEqual(
      new PermanentJobError(M.imageRefused),
    );
    expect(hits).toEqual([]);
  });

  it('fetches a link on an allow-listed host (positive control: the server counts the hit)', async () => {
    hits.length = 0;
    fake.script({ imageUrl: `http://127.0.0.1:${port}/image.png` });
    const { result } = await run(providerAllowing(['127.0.0.1']), payload);
    expect(hits).toEqual(['/image.png']);
    expect(result.images).toHaveLength(1);
  });
});

describeEachDatabase('POST /campaign/generate-image', (kind) => {
  const t = useTestApp(kind, { DATA_DIR: dataDir, JOB_POLL_MS: 50 });
  let owner: Account;
  let slug: string;
  const post = (payload: object, as = owner) =>
    t.current.app.inject({
      method: 'POST',
      url: `/api/team/${slug}/campaign/generate-image`,
      headers: bearer(as),
      payload,
    });

  beforeAll(async () => {
    owner = await signUp(t.current.app);
    slug = await createTeam(t.current.app, owner, 'Image Team');
  });

  it('answers a job id at once and the job ends with the images', async () => {
    const response = await post({
      prompt: 'A lamp',
      dimensions: { width: 64, height: 48 },
      ids: [0, 1, 2, 3],
    });
    expect(response.statusCode).toBe(202);
    const { jobId, offline } = response.json<{ jobId: string; offline: boolean }>();
    expect(offline).toBe(true);
    const job = await waitFor(async () => {
      const read = await t.current.app.inject({
        method: 'GET',
        url: `/api/team/${slug}/jobs/by-id?id=${jobId}`,
        headers: bearer(owner),
      });
      const body = read.json<{ status: string; result: ImageGenerationResult | null }>();
      return body.status === 'succeeded' || body.status === 'failed' ? body : undefined;
    }, 30_000);
    expect(job.status).toBe('succeeded');
    expect(job.result?.images.map((image) => image.id)).toEqual([0, 1, 2, 3]);
    const file = await t.current.app.inject({ method: 'GET', url: job.result!.images[0]!.src });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it.each([
    [
      'no prompt',
      { dimensions: { width: 10, height: 10 }, ids: [0] },
      'prompt',
      IMAGE_GENERATION_MESSAGES.promptMissing,
    ],
    [
      'an edit without url',
      { service: 'image-edit', dimensions: { width: 10, height: 10 }, ids: [0] },
      'url',
      ERROR_MESSAGES.urlUndefined,
    ],
    [
      'no dimensions',
      { prompt: 'x', ids: [0] },
      'dimensions',
      IMAGE_GENERATION_MESSAGES.dimensions,
    ],
    [
      'a huge width',
      { prompt: 'x', dimensions: { width: 5000, height: 10 }, ids: [0] },
      'dimensions.width',
      IMAGE_GENERATION_MESSAGES.dimensions,
    ],
    [
      'repeated ids',
      { prompt: 'x', dimensions: { width: 10, height: 10 }, ids: [1, 1] },
      'ids',
      IMAGE_GENERATION_MESSAGES.ids,
    ],
  ])(
    'refuses %s with a clear message and queues nothing',
    async (_name, payload, field, message) => {
      const before = await t.current.services.db.selectFrom('jobs').select('id').execute();
      const response = await post(payload);
      expectFieldError(response, field, message);
      const after = await t.current.services.db.selectFrom('jobs').select('id').execute();
      expect(after).toHaveLength(before.length);
    },
  );

  it("answers 404 to another team's member", async () => {
    const stranger = await signUp(t.current.app, 'Stranger');
    await createTeam(t.current.app, stranger, 'Elsewhere');
    const response = await post(
      { prompt: 'x', dimensions: { width: 10, height: 10 }, ids: [0] },
      stranger,
    );
    expect(response.statusCode).toBe(404);
  });
});
