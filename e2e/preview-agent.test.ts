import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentBuildOptions, runtimeRoot } from '@kindling/page-runtime/agent-build';
import { launchBrowser } from './support/browser';
import { FIXTURE_PAGES, startFixtureServer, type FixtureServer } from './support/fixture-server';
import type { DescribedElement } from './support/preview-frame';

// The page-runtime units (selectors, descriptions, mutations, sanitiser) in real Chromium, on
// the fixture pages loaded directly (no proxy), through a bundle built like the agent's.

const TEST_ENTRY = `
import { uniqueSelector } from './src/selector';
import { describeElement } from './src/describe-element';
import { applyMutation } from './src/mutations';
import { sanitizeHtml } from './src/sanitize-html';
import { findElements } from './src/find-elements';
window.runtime = {
  uniqueSelector,
  describeElement,
  applyMutation: (mutation) => applyMutation(mutation, sanitizeHtml),
  sanitizeHtml,
  findElements,
};
`;

interface RuntimeWindow {
  runtime: {
    uniqueSelector: (element: Element) => string;
    describeElement: (element: Element) => DescribedElement;
    applyMutation: (mutation: unknown) => { count: number; undo: () => void };
    sanitizeHtml: (html: string, profile: 'inline' | 'block') => DocumentFragment;
    findElements: (selector: string) => Element[];
  };
}

describe('page runtime in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let bundle: string;

  beforeAll(async () => {
    const result = await build({
      ...agentBuildOptions,
      entryPoints: undefined,
      stdin: {
        contents: TEST_ENTRY,
        resolveDir: runtimeRoot,
        sourcefile: 'test-entry.ts',
        loader: 'ts',
      },
      minify: false,
      write: false,
    });
    bundle = result.outputFiles[0]!.text;
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    // The strict-CSP fixture would refuse the injected test bundle; the proxy test covers CSP.
    page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  async function open(name: string): Promise<void> {
    await page.goto(`${fixtures.origin}/${name}`, { waitUntil: 'load' });
    await page.addScriptTag({ content: bundle });
  }

  it.each(FIXTURE_PAGES)(
    'gives every element of %s a selector that matches only it',
    async (name) => {
      await open(name);
      if (name === 'js-built.html') await page.waitForSelector('h1');
      const problems = await page.evaluate(() => {
        const { uniqueSelector, findElements } = (window as unknown as RuntimeWindow).runtime;
        const elements = Array.from(document.querySelectorAll('body *'));
        for (const host of Array.from(document.querySelectorAll('chat-widget'))) {
          elements.push(...Array.from(host.shadowRoot?.querySelectorAll('*') ?? []));
        }
        return elements.flatMap((element) => {
          const selector = uniqueSelector(element);
          const found = findElements(selector);
          return found.length === 1 && found[0] === element
            ? []
            : [`${selector} -> ${found.length}`];
        });
      });
      expect(problems).toEqual([]);
    },
  );

  it('prefers ids and data attributes, skips generated ids, and survives a re-render', async () => {
    await open('saas-landing.html');
    const selectors = await page.evaluate(() => {
      const { uniqueSelector } = (window as unknown as RuntimeWindow).runtime;
      const generated = document.createElement('p');
      generated.id = 'ember1234';
      generated.textContent = 'generated';
      document.querySelector('footer')!.append(generated);
      return {
        cta: uniqueSelector(document.querySelector('#cta-start')!),
        demo: uniqueSelector(document.querySelector('[data-testid="watch-demo"]')!),
        h1: uniqueSelector(document.querySelector('h1')!),
        growth: uniqueSelector(document.querySelectorAll('.plan h3')[1]!),
        generated: uniqueSelector(generated),
      };
    });
    expect(selectors).toEqual({
      cta: '#cta-start',
      demo: 'button[data-testid="watch-demo"]',
      h1: 'h1',
      growth: '#pricing div:nth-of-type(2) > h3',
      generated: 'footer p',
    });

    await open('js-built.html');
    await page.waitForSelector('h1');
    const before = await page.evaluate(() =>
      (window as unknown as RuntimeWindow).runtime.uniqueSelector(document.querySelector('.cta')!),
    );
    await open('js-built.html');
    await page.waitForSelector('h1');
    const after = await page.evaluate(
      (selector) =>
        (window as unknown as RuntimeWindow).runtime
          .findElements(selector)
          .map((el) => el.textContent),
      before,
    );
    expect(after).toEqual(['Book a demo']);
  });

  it('pierces open shadow roots with " >>> "', async () => {
    await open('iframes-shadow.html');
    const result = await page.evaluate(() => {
      const { uniqueSelector, describeElement } = (window as unknown as RuntimeWindow).runtime;
      const button = document.querySelector('chat-widget')!.shadowRoot!.querySelector('button')!;
      return { selector: uniqueSelector(button), description: describeElement(button) };
    });
    expect(result.selector).toBe('chat-widget >>> button');
    expect(result.description).toMatchObject({ type: 'text', text: 'Start chat', clickable: true });
  });

  it('describes text and images with domStats as packed colours', async () => {
    await open('shop-product.html');
    const [title, photo, button] = await page.evaluate(() => {
      const { describeElement } = (window as unknown as RuntimeWindow).runtime;
      const describe = (selector: string) => describeElement(document.querySelector(selector)!);
      return [describe('h1'), describe('img.main-photo'), describe('.add-to-cart')] as const;
    });
    expect(title).toMatchObject({
      selector: 'h1',
      type: 'text',
      text: 'Aurora desk lamp',
      tagName: 'h1',
    });
    expect(title.domStats.textColor[0]).toEqual({ value: 0x1c1917ff });
    expect(title.domStats.fontSize[0]).toEqual({ size: 36 });
    // No background of its own: the body's is what shows behind it.
    expect(title.domStats.backgroundColor).toEqual([{ value: 0xfafaf9ff }]);
    expect(photo).toMatchObject({
      type: 'image',
      src: `${fixtures.origin}/lamp.png`,
      // 240 px plus the 1 px border on each side.
      dimensions: { width: 242, height: 242 },
    });
    expect(button).toMatchObject({
      selector: 'button[data-sku="AUR-01"]',
      type: 'text',
      clickable: true,
    });
    expect(button.domStats.backgroundColor[0]).toEqual({ value: 0xb45309ff });
    expect(button.domStats.padding[0]).toEqual({ top: 14, right: 28, bottom: 14, left: 28 });
    expect(button.domStats.borderRadius[0]).toEqual({
      topLeft: 999,
      topRight: 999,
      bottomLeft: 999,
      bottomRight: 999,
    });
  });

  it('sanitises variant HTML: no script, handlers, javascript: URLs or embedded documents', async () => {
    await open('saas-landing.html');
    const cleaned = await page.evaluate(() => {
      const { sanitizeHtml } = (window as unknown as RuntimeWindow).runtime;
      const vectors = [
        '<b onclick="alert(1)">bold</b><script>alert(1)</script>',
        '<a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a><a href="java&#x09;script:alert(1)">z</a>',
        '<img src=x onerror=alert(1)><img src="data:image/svg+xml,<svg onload=alert(1)>">',
        '<iframe src="https://evil.example"></iframe><object data="x"></object><svg><script>alert(1)</script></svg>',
        '<span style="background:url(https://evil.example/leak)">s</span><style>*{}</style>',
        '<form action="https://evil.example"><input name=a></form><a href="https://ok.example" target="_blank">ok</a>',
        '<p>para <em>kept</em></p>',
      ];
      const toHtml = (fragment: DocumentFragment) => {
        const div = document.createElement('div');
        div.append(fragment);
        return div.innerHTML;
      };
      return {
        inline: vectors.map((html) => toHtml(sanitizeHtml(html, 'inline'))),
        block: toHtml(
          sanitizeHtml(
            '<h2 class="t">Title</h2><p>x<img src="https://cdn.example/a.png" alt="a"></p>',
            'block',
          ),
        ),
      };
    });
    expect(cleaned.inline).toEqual([
      '<b>bold</b>',
      '<a>x</a><a>y</a><a>z</a>',
      '',
      '',
      '<span>s</span>',
      '<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>',
      'para <em>kept</em>',
    ]);
    expect(cleaned.block).toBe(
      '<h2 class="t">Title</h2><p>x<img src="https://cdn.example/a.png" alt="a"></p>',
    );
  });

  it('applies every mutation type and each undo restores the page exactly', async () => {
    await open('shop-product.html');
    const results = await page.evaluate(() => {
      const { applyMutation } = (window as unknown as RuntimeWindow).runtime;
      const mutations = [
        { type: 'textValue', selector: 'h1', value: 'Aurora lamp, now dimmable' },
        {
          type: 'textValue',
          selector: 'h1',
          value: '',
          html: 'Aurora <strong>Pro</strong><script>1</script>',
        },
        { type: 'textColor', selector: 'h1', value: 0xff000080 },
        { type: 'fontSize', selector: 'h1', value: 50 },
        { type: 'backgroundColor', selector: '.add-to-cart', value: 0x16a34aff },
        { type: 'borderColor', selector: '.add-to-cart', value: 0x0000ffff },
        { type: 'borderWidth', selector: '.add-to-cart', value: 3 },
        {
          type: 'padding',
          selector: '.add-to-cart',
          value: { top: 1, right: 2, bottom: 3, left: 4 },
        },
        {
          type: 'borderRadius',
          selector: '.add-to-cart',
          value: { topLeft: 1, topRight: 2, bottomLeft: 4, bottomRight: 3 },
        },
        { type: 'imageSrc', selector: 'img.main-photo', src: 'lamp-red.png' },
        { type: 'imageSrc', selector: 'img.main-photo', src: 'javascript:alert(1)' },
        {
          type: 'replaceContent',
          selector: 'ul.features',
          html: '<li>Only <b>one</b></li><script>1</script>',
        },
        { type: 'hideElement', selectors: ['.stock', '.top'] },
        {
          type: 'layout',
          selector: '.product',
          styles: { display: 'flex', 'flex-direction': 'column', width: 'url(x)' },
        },
      ];
      return mutations.map((mutation) => {
        const target = document.querySelector('main')!.parentElement!;
        const before = target.innerHTML;
        const applied = applyMutation(mutation);
        const element = document.querySelector(
          (mutation as { selector?: string }).selector ?? '.stock',
        ) as HTMLElement;
        const style = getComputedStyle(element);
        const effect = {
          count: applied.count,
          text: element.innerHTML,
          color: style.color,
          fontSize: style.fontSize,
          background: style.backgroundColor,
          border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
          padding: style.padding,
          radius: style.borderRadius,
          src: element.getAttribute('src'),
          display: style.display,
          direction: style.flexDirection,
          width: element.style.width,
        };
        applied.undo();
        return { effect, restored: target.innerHTML === before };
      });
    });
    expect(results.map((result) => result.restored)).toEqual(results.map(() => true));
    const effects = results.map((result) => result.effect);
    expect(effects[0]!.text).toBe('Aurora lamp, now dimmable');
    expect(effects[1]!.text).toBe('Aurora <strong>Pro</strong>');
    expect(effects[2]!.color).toBe('rgba(255, 0, 0, 0.5)');
    expect(effects[3]!.fontSize).toBe('50px');
    expect(effects[4]!.background).toBe('rgb(22, 163, 74)');
    expect(effects[5]!.border).toBe('0px none rgb(0, 0, 255)');
    expect(effects[6]!.border).toBe('3px solid rgb(255, 255, 255)');
    expect(effects[7]!.padding).toBe('1px 2px 3px 4px');
    expect(effects[8]!.radius).toBe('1px 2px 3px 4px');
    expect(effects[9]!.src).toBe('lamp-red.png');
    expect(effects[10]).toMatchObject({ count: 1, src: 'lamp.png' });
    expect(effects[11]!.text).toBe('<li>Only <b>one</b></li>');
    expect(effects[12]).toMatchObject({ count: 2, display: 'none' });
    expect(effects[13]).toMatchObject({ display: 'flex', direction: 'column', width: '' });
  });
});
