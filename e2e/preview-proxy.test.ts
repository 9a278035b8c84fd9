import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, snap } from './support/browser';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import { newPage, newPerson, SESSION_STORAGE_KEY } from './support/flows';
import {
  askPreview,
  type DescribedElement,
  openPreviewFrame,
  previewMessages,
  sendToPreview,
  waitForMessage,
} from './support/preview-frame';
import {
  type Area,
  areaOf,
  colourFraction,
  diffFraction,
  near,
  pixelAt,
  type Pixels,
  settledShot,
  shoot,
  unionArea,
} from './support/pixels';

const baseUrl = inject('baseUrl');
const STALE = "Tried to select a preview element that doesn't exist";

async function signUpThroughApi(): Promise<string> {
  const person = newPerson('Preview Tester', 'preview');
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/user/register', { ...person });
  expect(registered.status).toBe(201);
  const signedIn = await post('/auth/sign-in', { email: person.email, password: person.password });
  return ((await signedIn.json()) as { accessToken: string }).accessToken;
}

interface SeenMutation {
  count: number;
  before: Pixels;
  after: Pixels;
  /** Both of the watched element's boxes, before and after, on the page. */
  area: Area;
  beforeArea: Area | undefined;
  afterArea: Area | undefined;
}

/**
 * Brings the watched element into view, screenshots the page, applies the mutation, and
 * screenshots again until more than `minDiff` of the element's area (before ∪ after) has
 * changed pixels (an image may still be loading). Optionally saves the pair with `snap`.
 */
async function seeMutation(
  page: Page,
  frame: Frame,
  mutation: Record<string, unknown>,
  watch: string,
  minDiff: number,
  snapAs?: string,
): Promise<SeenMutation> {
  await frame.locator(watch).first().scrollIntoViewIfNeeded();
  const beforeArea = await areaOf(frame, watch);
  const before = await shoot(page);
  if (snapAs) await snap(page, `${snapAs}-before`);
  const { count } = await askPreview(page, mutation);
  let after = before;
  let afterArea: Area | undefined;
  let area = unionArea(before, beforeArea);
  await expect
    .poll(
      async () => {
        afterArea = await areaOf(frame, watch);
        after = await shoot(page);
        area = unionArea(after, beforeArea, afterArea);
        return diffFraction(before, after, area);
      },
      { timeout: 5_000, message: `${String(mutation.type)} on ${watch} changed no pixels` },
    )
    .toBeGreaterThan(minDiff);
  if (snapAs) await snap(page, `${snapAs}-after`);
  return { count: count as number, before, after, area, beforeArea, afterArea };
}

/** Scrolls the frame to its very bottom and screenshots the page. */
async function scrolledToBottom(frame: Frame, page: Page): Promise<Pixels> {
  await frame.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return shoot(page);
}

describe('page proxy and preview agent in the browser', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let token: string;

  /** The framed address the app gets for `url`: a ticket from the API, never the token. */
  const proxied = async (url: string) => {
    const response = await fetch(`${baseUrl}/api/preview/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(response.status).toBe(200);
    const { src } = (await response.json()) as { src: string };
    expect(src).not.toContain(token);
    return src;
  };

  const previewFrame = (): Frame => {
    const frame = page.frames().find((candidate) => candidate.url().includes('/api/preview/page'));
    if (!frame) throw new Error('no preview frame');
    return frame;
  };

  /** Opens a fixture in the sandboxed frame and waits for the agent's ready and load. */
  async function preview(name: string): Promise<Frame> {
    await openPreviewFrame(page, await proxied(`${fixtures.origin}/${name}`));
    await waitForMessage(page, (message) => message.data.type === 'ready');
    await waitForMessage(page, (message) => message.data.type === 'load');
    return previewFrame();
  }

  const context = (selector: string) => askPreview(page, { type: 'context', selector });

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    token = await signUpThroughApi();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await page.goto('/admin/auth/sign-in');
    // The app keeps its session here; the framed page must never reach it.
    await page.evaluate(
      ({ key, accessToken }) => {
        localStorage.setItem(key, JSON.stringify({ accessToken }));
        document.cookie = 'app_probe=visible-to-app-only; path=/';
      },
      { key: SESSION_STORAGE_KEY, accessToken: token },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('SaaS landing: ready and load from an opaque origin, context for a heading and buttons', async () => {
    const frame = await preview('saas-landing.html');
    const ready = (await previewMessages(page)).find((message) => message.data.type === 'ready')!;
    expect(ready).toMatchObject({ origin: 'null', fromFrame: true });
    // The proxy passes the site's status on; the agent says it with ready.
    expect(ready.data.httpStatus).toEqual({ code: 200, text: 'OK' });

    const heading = await context('h1');
    expect(heading.element).toMatchObject({
      selector: 'h1',
      type: 'text',
      text: 'Ship product updates your customers actually read',
      domStats: { textColor: [{ value: 0x0f172aff }], fontSize: [{ size: 48 }] },
    });
    const cta = await context('#cta-start');
    expect(cta.element).toMatchObject({ selector: '#cta-start', type: 'text', clickable: true });
    expect((cta.element as DescribedElement).domStats.backgroundColor[0]).toEqual({
      value: 0x4f46e5ff,
    });
    const demo = await context('[data-testid="watch-demo"]');
    expect(demo.element).toMatchObject({
      selector: 'button[data-testid="watch-demo"]',
      text: 'Watch the demo',
    });
    expect(await context('#no-such-element')).toMatchObject({ error: STALE });

    // The newsletter pop-up opens after load, as on the real site; closing it works (ClosePopups).
    await sendToPreview(page, { type: 'mode', mode: 'ClosePopups', interaction: 'selecting' });
    await frame.locator('#newsletter.open').waitFor();
    await snap(page, 'preview-01-saas-popup');
    await frame.getByRole('button', { name: 'Close newsletter' }).click();
    await frame.locator('#newsletter.open').waitFor({ state: 'detached' });
    expect((await previewMessages(page)).some((message) => message.data.type === 'pick')).toBe(
      false,
    );
  });

  it('SaaS landing: the framed page cannot read the app’s storage, cookies or DOM, nor the token', async () => {
    const frame = previewFrame();
    const probe = await frame.evaluate(
      () => (window as unknown as { __isolationProbe: unknown }).__isolationProbe,
    );
    expect(probe).toEqual({
      parentStorage: { error: 'SecurityError' },
      parentCookie: { error: 'SecurityError' },
      parentDocument: { error: 'SecurityError' },
      ownStorage: { error: 'SecurityError' },
      ownCookie: { error: 'SecurityError' },
    });
    expect(await frame.evaluate(() => location.href)).not.toContain(token);
    expect(await frame.evaluate(() => location.href)).toContain('ticket=');
    // Positive control: the app page itself does hold the token and the cookie.
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY)).toContain(
      token,
    );
    expect(await page.evaluate(() => document.cookie)).toContain('app_probe=visible-to-app-only');
  });

  it('SaaS landing: picking in EditElements and EditGoals follows the modes table', async () => {
    const frame = previewFrame();
    await sendToPreview(page, { type: 'mode', mode: 'EditElements', interaction: 'selecting' });
    await frame.locator('.hero p.lead').hover();
    await snap(page, 'preview-02-saas-hover-outline');
    await frame.locator('.hero p.lead').click();
    const pick = await waitForMessage(page, (message) => message.data.type === 'pick');
    expect(pick.data.element).toMatchObject({
      selector: 'section:nth-of-type(1) > p',
      type: 'text',
    });

    await sendToPreview(page, { type: 'mode', mode: 'EditGoals', interaction: 'selecting' });
    await frame.locator('.plan h3').nth(1).click();
    await frame.getByRole('link', { name: 'Choose Growth' }).click();
    const picks = async () =>
      (await previewMessages(page)).filter((message) => message.data.type === 'pick');
    await expect.poll(async () => (await picks()).length).toBe(2);
    expect((await picks())[1]!.data.element).toMatchObject({
      selector: 'a[href="/signup?plan=growth"]',
      clickable: true,
    });
    // The link was picked, not followed: the frame is still on the proxied page.
    expect(frame.url()).toContain('/api/preview/page');
  });

  it('SaaS landing: every mutation type changes the page, and reset restores it', async () => {
    const frame = previewFrame();
    await sendToPreview(page, {
      type: 'mode',
      mode: 'CampaignPreview',
      interaction: 'default',
      highlight: ['h1', '#cta-start'],
    });
    // Keep the pointer off the page so no :hover style differs between screenshots.
    await page.mouse.move(0, 0);
    // Messages are handled in order: this answer means the mode (and its highlights) is applied.
    await context('h1');
    const scrollTo = (y: number) =>
      frame.evaluate((top) => {
        window.scrollTo(0, top);
        return window.scrollY;
      }, y);
    const pricingTop = await frame
      .locator('.pricing')
      .evaluate((element) => element.getBoundingClientRect().top + window.scrollY - 40);
    await scrollTo(0);
    const originalTop = await settledShot(page);
    await scrollTo(pricingTop);
    const originalPricing = await settledShot(page);

    const seen = (
      mutation: Record<string, unknown>,
      watch: string,
      minDiff = 0.01,
      snapAs?: string,
    ) => seeMutation(page, frame, mutation, watch, minDiff, snapAs);
    const counts: number[] = [];
    const BG = 0x059669ff;
    const BORDER = 0x064e3bff;

    const heading = await seen(
      { type: 'textValue', selector: 'h1', value: 'Release notes people read' },
      'h1',
    );
    counts.push(heading.count);
    const lead = await seen(
      {
        type: 'textValue',
        selector: '.hero p.lead',
        value: '',
        html: 'Now with <strong>AI summaries</strong><img src=x onerror="parent.hacked=1">',
      },
      '.hero p.lead',
    );
    counts.push(lead.count);
    const red = await seen({ type: 'textColor', selector: 'h1', value: 0xbe123cff }, 'h1');
    counts.push(red.count);
    // Text is anti-aliased: only the glyphs' cores carry the exact colour.
    expect(colourFraction(red.before, red.area, 0xbe123cff, 24)).toBeLessThan(0.001);
    expect(colourFraction(red.after, red.area, 0xbe123cff, 24)).toBeGreaterThan(0.03);
    const bigger = await seen({ type: 'fontSize', selector: 'h1', value: 56 }, 'h1');
    counts.push(bigger.count);
    expect(bigger.afterArea!.height).toBeGreaterThan(bigger.beforeArea!.height);

    const filled = await seen(
      { type: 'backgroundColor', selector: '#cta-start', value: BG },
      '#cta-start',
      0.01,
      'preview-03a-saas-background',
    );
    counts.push(filled.count);
    expect(colourFraction(filled.before, filled.area, BG)).toBe(0);
    expect(colourFraction(filled.after, filled.area, BG)).toBeGreaterThan(0.6);
    const edged = await seen(
      { type: 'borderColor', selector: '#cta-start', value: BORDER },
      '#cta-start',
    );
    counts.push(edged.count);
    // A 2px border all round a ~180×50 button is well over 5% of its box.
    expect(colourFraction(edged.before, edged.area, BORDER)).toBe(0);
    const thinBorder = colourFraction(edged.after, edged.area, BORDER);
    expect(thinBorder).toBeGreaterThan(0.05);
    const thick = await seen(
      { type: 'borderWidth', selector: '#cta-start', value: 4 },
      '#cta-start',
    );
    counts.push(thick.count);
    expect(colourFraction(thick.after, thick.area, BORDER)).toBeGreaterThan(thinBorder * 1.5);
    const padded = await seen(
      {
        type: 'padding',
        selector: '#cta-start',
        value: { top: 20, right: 40, bottom: 20, left: 40 },
      },
      '#cta-start',
    );
    counts.push(padded.count);
    expect(padded.afterArea!.width).toBeGreaterThan(padded.beforeArea!.width + 30);
    expect(padded.afterArea!.height).toBeGreaterThan(padded.beforeArea!.height + 10);
    const cornered = await seen(
      {
        type: 'borderRadius',
        selector: '#cta-start',
        value: { topLeft: 0, topRight: 24, bottomLeft: 12, bottomRight: 6 },
      },
      '#cta-start',
      0.003,
    );
    counts.push(cornered.count);
    {
      const box = cornered.afterArea!;
      const left = Math.ceil(box.x) + 1;
      const top = Math.ceil(box.y) + 1;
      const right = Math.floor(box.x + box.width) - 4;
      // Top left: was rounded off (8px), is now a square corner in the border colour.
      expect(near(pixelAt(cornered.before, left, top), BORDER)).toBe(false);
      expect(near(pixelAt(cornered.after, left, top), BORDER)).toBe(true);
      // Top right: was border colour just inside the 8px curve, is now cut away by 24px.
      expect(near(pixelAt(cornered.after, right, top + 3), BORDER)).toBe(false);
      expect(near(pixelAt(cornered.after, right, top + 3), BG)).toBe(false);
    }

    const replaced = await seen(
      {
        type: 'replaceContent',
        selector: '.plan:nth-of-type(3)',
        html: '<h3>Enterprise</h3><p>Talk to us</p><script>parent.hacked=1</script>',
      },
      '.plan:nth-of-type(3)',
    );
    counts.push(replaced.count);

    // Hiding: the footer (at the bottom of the page) and the demo button (in the hero).
    const footerBefore = await scrolledToBottom(frame, page);
    const footerArea = (await areaOf(frame, 'footer'))!;
    const hidden = await seen(
      { type: 'hideElement', selectors: ['footer', '[data-testid="watch-demo"]'] },
      '[data-testid="watch-demo"]',
      0.2,
    );
    counts.push(hidden.count);
    expect(hidden.afterArea).toBeUndefined();
    const footerAfter = await scrolledToBottom(frame, page);
    expect(
      diffFraction(footerBefore, footerAfter, unionArea(footerBefore, footerArea)),
    ).toBeGreaterThan(0.01);

    const stacked = await seen(
      {
        type: 'layout',
        selector: '.pricing',
        styles: { 'grid-template-columns': '1fr', gap: '8px' },
      },
      '.pricing',
    );
    counts.push(stacked.count);
    const logo = await seen(
      { type: 'imageSrc', selector: '.logo', src: `${fixtures.origin}/lamp.png` },
      '.logo',
      0.01,
      'preview-03b-saas-logo-image',
    );
    counts.push(logo.count);
    // Control: a mutation that matches nothing leaves every pixel as it was.
    const untouched = await settledShot(page);
    const gone = await askPreview(page, { type: 'textColor', selector: '#gone', value: 0 });
    counts.push(gone.count as number);
    expect(diffFraction(untouched, await shoot(page))).toBe(0);
    expect(counts).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 0]);

    const styleOf = (selector: string) =>
      frame.locator(selector).evaluate((element) => {
        const style = getComputedStyle(element);
        return {
          text: element.textContent,
          color: style.color,
          fontSize: style.fontSize,
          background: style.backgroundColor,
          border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
          padding: style.padding,
          radius: style.borderRadius,
          display: style.display,
          gap: style.gap,
          image: style.backgroundImage,
        };
      });
    expect(await styleOf('h1')).toMatchObject({
      text: 'Release notes people read',
      color: 'rgb(190, 18, 60)',
      fontSize: '56px',
    });
    expect(await frame.locator('.hero p.lead').innerHTML()).toBe(
      'Now with <strong>AI summaries</strong>',
    );
    expect(await styleOf('#cta-start')).toMatchObject({
      background: 'rgb(5, 150, 105)',
      border: '4px solid rgb(6, 78, 59)',
      padding: '20px 40px',
      radius: '0px 24px 6px 12px',
    });
    expect(await frame.locator('.plan:nth-of-type(3)').innerHTML()).toBe(
      '<h3>Enterprise</h3><p>Talk to us</p>',
    );
    expect(await styleOf('footer')).toMatchObject({ display: 'none' });
    expect(await styleOf('.pricing')).toMatchObject({ gap: '8px' });
    expect((await styleOf('.logo')).image).toContain('/lamp.png');
    expect(
      await page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
    ).toBeUndefined();
    await snap(page, 'preview-03-saas-mutated');

    await sendToPreview(page, { type: 'reset' });
    await expect
      .poll(() => frame.locator('h1').textContent())
      .toBe('Ship product updates your customers actually read');
    expect(await styleOf('footer')).toMatchObject({ display: 'block' });
    // Pixel for pixel as before (within 0.1% for anti-aliasing), at the top and at the pricing:
    // polled, and both sides settled shots, as a loaded machine may paint a scroll or the
    // restored page a few frames late (a single shot differed by 36% twice beside another file).
    const restored = async (y: number) => {
      await scrollTo(y);
      return settledShot(page);
    };
    await expect
      .poll(async () => diffFraction(originalTop, await restored(0)), { timeout: 5_000 })
      .toBeLessThanOrEqual(0.001);
    await expect
      .poll(async () => diffFraction(originalPricing, await restored(pricingTop)), {
        timeout: 5_000,
      })
      .toBeLessThanOrEqual(0.001);
  });

  it('shop product: picks an image and an add-to-cart button, swaps the photo', async () => {
    const frame = await preview('shop-product.html');
    const photo = await context('img.main-photo');
    expect(photo.element).toMatchObject({
      selector: 'img[alt="Aurora desk lamp in warm yellow"]',
      type: 'image',
      src: `${fixtures.origin}/lamp.png`,
      dimensions: { width: 242, height: 242 },
    });
    const cart = await context('.add-to-cart');
    expect(cart.element).toMatchObject({
      selector: 'button[data-sku="AUR-01"]',
      text: 'Add to cart',
      clickable: true,
    });
    const heading = await context('h1');
    expect(heading.element).toMatchObject({ selector: 'h1', text: 'Aurora desk lamp' });

    await seeMutation(
      page,
      frame,
      {
        type: 'imageSrc',
        selector: (photo.element as DescribedElement).selector,
        src: 'lamp-red.png',
      },
      'img.main-photo',
      0.01,
    );
    await seeMutation(
      page,
      frame,
      {
        type: 'textValue',
        selector: (cart.element as DescribedElement).selector,
        value: 'Buy now — £89',
      },
      '.add-to-cart',
      0.01,
    );
    await expect
      .poll(() =>
        frame
          .locator('img.main-photo')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(240);
    expect(
      await frame.locator('img.main-photo').evaluate((img: HTMLImageElement) => img.currentSrc),
    ).toBe(`${fixtures.origin}/lamp-red.png`);
    await snap(page, 'preview-04-shop-mutated');
  });

  it('JS-built page: elements rendered after load can be described and changed', async () => {
    const frame = await preview('js-built.html');
    await expect.poll(async () => (await context('h1')).element !== undefined).toBe(true);
    const heading = await context('h1');
    expect(heading.element).toMatchObject({
      selector: 'h1',
      text: 'Know which feature moved the needle',
    });
    const button = await context('.cta');
    expect(button.element).toMatchObject({ selector: 'button', type: 'text' });
    const yellow = await seeMutation(
      page,
      frame,
      { type: 'backgroundColor', selector: 'button', value: 0xfacc15ff },
      '.cta',
      0.01,
    );
    expect(colourFraction(yellow.after, yellow.area, 0xfacc15ff)).toBeGreaterThan(0.5);
    expect(
      await frame.locator('.cta').evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(250, 204, 21)');
    await snap(page, 'preview-05-js-built');
  });

  it('iframes and shadow DOM: picks inside an open shadow root; the inner iframe still loads', async () => {
    const frame = await preview('iframes-shadow.html');
    await sendToPreview(page, { type: 'mode', mode: 'EditElements', interaction: 'selecting' });
    await frame.locator('chat-widget button').click();
    const pick = await waitForMessage(page, (message) => message.data.type === 'pick');
    expect(pick.data.element).toMatchObject({
      selector: 'chat-widget >>> button',
      text: 'Start chat',
    });
    const described = await context('chat-widget >>> button');
    expect(described.element).toMatchObject({ type: 'text', clickable: true });
    await seeMutation(
      page,
      frame,
      { type: 'textValue', selector: 'chat-widget >>> button', value: 'Talk to a human' },
      'chat-widget button',
      0.01,
    );
    expect(await frame.locator('chat-widget button').textContent()).toBe('Talk to a human');
    expect(fixtures.seen).toContain('/embedded.html');
    const image = await context('img');
    expect(image.element).toMatchObject({ type: 'image', src: `${fixtures.origin}/lamp.png` });
    await snap(page, 'preview-06-iframes-shadow');
  });

  it('strict CSP and X-Frame-Options DENY: the proxy strips them and the agent runs', async () => {
    const frame = await preview('strict-csp.html');
    const heading = await context('h1');
    expect(heading.element).toMatchObject({
      selector: 'h1',
      text: 'Open an account in five minutes',
    });
    const smaller = await seeMutation(
      page,
      frame,
      { type: 'fontSize', selector: 'h1', value: 28 },
      'h1',
      0.01,
    );
    expect(smaller.afterArea!.height).toBeLessThan(smaller.beforeArea!.height);
    expect(
      await frame.locator('h1').evaluate((element) => getComputedStyle(element).fontSize),
    ).toBe('28px');
    await snap(page, 'preview-07-strict-csp');
  });

  it('shows a clear error page (and tells the editor) for a refused address', async () => {
    await openPreviewFrame(page, await proxied('http://169.254.169.254/latest/meta-data/'));
    const error = await waitForMessage(page, (message) => message.data.type === 'error');
    expect(error.data.message).toBe('This address cannot be previewed');
    await previewFrame().getByTestId('preview-error').waitFor();
    await snap(page, 'preview-08-refused');
  });
});
