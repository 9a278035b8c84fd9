import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveChromium } from '../../browser/resolve-chromium';
import { testConfig } from '../../config';
import { PermanentJobError } from '../jobs/job-types';
import { capturePage, TIMEOUT_MESSAGE, type CaptureOptions } from './capture-page';
import { chromiumResolver } from './chromium-resolver';
import {
  BLOCK_RGB,
  FIXTURE_HOST,
  pixelAt,
  startFixtureServer,
} from '../../../test/screenshot-fixture-server';
import { SharedBrowser } from './shared-browser';

describe('capturePage', () => {
  const browser = new SharedBrowser(() =>
    resolveChromium({ chromiumPath: testConfig().CHROMIUM_PATH }),
  );
  let fixtures: Awaited<ReturnType<typeof startFixtureServer>>;
  const refused: string[] = [];
  const options = (url: string, extra: Partial<CaptureOptions> = {}): CaptureOptions => ({
    url,
    timeoutMs: 8000,
    allowHosts: [FIXTURE_HOST],
    resolve: chromiumResolver(),
    onRefused: (blocked) => refused.push(blocked),
    ...extra,
  });

  beforeAll(async () => {
    fixtures = await startFixtureServer();
  });
  afterAll(async () => {
    await browser.close();
    await fixtures.close();
  });

  it('shoots the viewport as a 1280x800 PNG', async () => {
    const png = await capturePage(await browser.get(), options(fixtures.url('/moved')));
    const image = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect((await sharp(png).metadata()).format).toBe('png');
    expect([image.info.width, image.info.height]).toEqual([1280, 800]);
    expect(pixelAt(image, 100, 100)).toEqual([...BLOCK_RGB]);
    expect(pixelAt(image, 1000, 600)).toEqual([255, 255, 255]);
  });

  it("refuses every request the page's own code makes to internal addresses", async () => {
    refused.length = 0;
    const png = await capturePage(await browser.get(), options(fixtures.url('/ssrf')));
    expect(png.length).toBeGreaterThan(0);
    expect(refused).toEqual(
      expect.arrayContaining([
        'http://10.0.0.1/admin',
        'http://169.254.169.254/latest/meta-data/',
        // Refused at the redirect hop, which route.continue() would never have shown us.
        fixtures.url('/to-metadata'),
      ]),
    );
  });

  it('refuses the page itself when its host is not allowed', async () => {
    refused.length = 0;
    const target = fixtures.url('/block').replace(FIXTURE_HOST, '127.0.0.1');
    await expect(capturePage(await browser.get(), options(target))).rejects.toThrow();
    expect(refused).toEqual([target]);
  });

  it('gives up on a page that never finishes loading, and the browser keeps working', async () => {
    const started = Date.now();
    const shot = capturePage(
      await browser.get(),
      options(fixtures.url('/never'), { timeoutMs: 800 }),
    );
    await expect(shot).rejects.toEqual(new PermanentJobError(TIMEOUT_MESSAGE));
    expect(Date.now() - started).toBeLessThan(3000);
    const png = await capturePage(await browser.get(), options(fixtures.url('/block')));
    expect((await sharp(png).metadata()).width).toBe(1280);
  });

  it('clicks the recorded pop-up selectors first, skipping ones that never show', async () => {
    const shoot = async (popupClicks: string[], path = '/popup') => {
      const png = await capturePage(
        await browser.get(),
        options(fixtures.url(path), { popupClicks }),
      );
      return pixelAt(await sharp(png).raw().toBuffer({ resolveWithObject: true }), 200, 200);
    };
    const closer = 'button[aria-label="Close newsletter"]';
    expect(await shoot([closer])).toEqual([255, 255, 255]);
    expect(await shoot(['#no-such-thing', closer])).toEqual([255, 255, 255]);
    // As the agent records it: CSS.escape'd inside the quotes.
    expect(await shoot(['button[aria-label="Close\\ newsletter"]'])).toEqual([255, 255, 255]);
    // A pop-up that opens a moment after load is waited for.
    expect(await shoot([closer], '/late-popup')).toEqual([255, 255, 255]);
    // The control: without the clicks the pop-up is in the shot.
    expect(await shoot([])).toEqual([...BLOCK_RGB]);
  });

  it('relaunches a browser that went away', async () => {
    await (await browser.get()).close();
    const png = await capturePage(await browser.get(), options(fixtures.url('/block')));
    expect((await sharp(png).metadata()).height).toBe(800);
  });
});
