// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { findElements } from './find-elements';
import { uniqueSelector } from './selector';

// A typical marketing page, and the same page after a redesign: every class renamed and a new
// element inserted before each picked one.
const PAGE = `
  <header class="site-header">
    <a class="logo" href="/"><img class="logo-img" src="/img/logo.svg?v=3" alt="Acme"></a>
    <nav class="menu">
      <a class="nav-link" href="/pricing">Pricing</a>
      <a class="nav-link" href="/docs">Docs</a>
      <a class="btn btn-primary" href="/signup">Sign up</a>
    </nav>
  </header>
  <main>
    <section class="hero">
      <h1 class="hero-title">Build faster</h1>
      <p class="lead">Ship experiments without a developer.</p>
      <a class="btn cta" href="/trial" data-track="hero-cta">Start free trial</a>
      <img class="shot" src="https://cdn.example.com/hero.png" alt="The dashboard">
    </section>
    <section id="features" class="grid">
      <div class="card"><h3 class="card-title">Fast</h3></div>
      <div class="card"><h3 class="card-title">Safe</h3></div>
    </section>
    <form class="newsletter">
      <input class="field" name="email" type="email" placeholder="you@example.com">
      <button class="btn" type="submit" aria-label="Subscribe">Go</button>
    </form>
  </main>
  <footer class="site-footer"><a class="small" href="/privacy">Privacy</a></footer>
`;

/** The redesign: classes renamed, a sibling of the same tag inserted before `target`. */
function redesign(target: Element): void {
  for (const element of document.body.querySelectorAll('[class]')) {
    element.className = [...element.classList].map((name) => `${name}--v2`).join(' ');
  }
  const promo = document.createElement('div');
  promo.className = 'promo';
  target.before(promo);
  // A page keeps one main heading; other elements may well get a twin.
  if (target.localName === 'h1') return;
  const twin = document.createElement(target.localName);
  twin.textContent = 'New';
  if (target.localName === 'a') twin.setAttribute('href', '/new');
  target.before(twin);
}

const PICKS: [string, (doc: Document) => Element][] = [
  ['the sign-up link in the navigation', (doc) => doc.querySelector('nav a[href="/signup"]')!],
  ['the logo image', (doc) => doc.querySelector('img[alt="Acme"]')!],
  ['the headline', (doc) => doc.querySelector('h1')!],
  ['the call to action', (doc) => doc.querySelector('[data-track="hero-cta"]')!],
  ['the hero image', (doc) => doc.querySelector('img[alt="The dashboard"]')!],
  ['the email field', (doc) => doc.querySelector('input[name="email"]')!],
  ['the subscribe button', (doc) => doc.querySelector('form button')!],
  ['the privacy link in the footer', (doc) => doc.querySelector('footer a')!],
];

describe('uniqueSelector', () => {
  beforeEach(() => {
    document.body.innerHTML = PAGE;
  });

  it.each(PICKS)('names %s by what it is, without classes or positions', (_name, pick) => {
    const element = pick(document);
    const selector = uniqueSelector(element);
    expect(findElements(selector)).toEqual([element]);
    expect(selector).not.toMatch(/\.|nth-of-type/);
  });

  it.each(PICKS)('still names %s after a class rename and a sibling inserted', (_name, pick) => {
    const element = pick(document);
    const selector = uniqueSelector(element);
    redesign(element);
    expect(findElements(selector)).toEqual([element]);
  });

  it('prefers authored ids and test ids, and skips generated ones', () => {
    document.body.innerHTML = `
      <div id="ember123"><button data-testid="checkout">Pay</button><button>Later</button></div>
      <p id=":r1:">One</p><p id="intro">Two</p>`;
    expect(uniqueSelector(document.querySelector('[data-testid]')!)).toBe(
      'button[data-testid="checkout"]',
    );
    expect(uniqueSelector(document.querySelector('#intro')!)).toBe('#intro');
    // The generated id is never used, though unique.
    expect(uniqueSelector(document.querySelectorAll('p')[0]!)).not.toContain('r1');
  });

  it('anchors on the nearest named ancestor or landmark, with a short path', () => {
    document.body.innerHTML = `
      <header><a href="/">Home</a></header>
      <nav><a href="/">Home</a><a href="/blog">Blog</a></nav>
      <section id="pricing"><div><div><button>Buy</button></div></div></section>
      <section><div><div><button>Buy</button></div></div></section>`;
    expect(uniqueSelector(document.querySelectorAll('a')[1]!)).toBe('nav a[href="/"]');
    expect(uniqueSelector(document.querySelectorAll('button')[0]!)).toBe('#pricing button');
  });

  it('uses positions only where nothing else tells elements apart, as few as needed', () => {
    document.body.innerHTML = `
      <section id="features"><div><h3>Fast</h3></div><div><h3>Safe</h3></div></section>`;
    const safe = document.querySelectorAll('h3')[1]!;
    const selector = uniqueSelector(safe);
    expect(findElements(selector)).toEqual([safe]);
    expect(selector.match(/nth-of-type/g)).toHaveLength(1);
    expect(selector).toBe('#features div:nth-of-type(2) > h3');
  });

  it('names an element without any name or landmark by its shortest unique path', () => {
    document.body.innerHTML = `<div><div><span>a</span><span>b</span></div></div><div><p>c</p></div>`;
    const b = document.querySelectorAll('span')[1]!;
    expect(findElements(uniqueSelector(b))).toEqual([b]);
    expect(uniqueSelector(document.querySelector('p')!)).toBe('p');
  });
});
