// @vitest-environment happy-dom
import { FINGERPRINT_THRESHOLD, scoreFingerprint } from '@kindling/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { findElements } from './find-elements';
import { fingerprintOf, readFingerprint } from './fingerprint-of';
import { healElement, locateElements } from './locate';
import { uniqueSelector } from './selector';

const PAGE = `
  <header><nav>
    <a class="link" href="/pricing">Pricing</a>
    <a class="btn btn-primary" href="/signup" data-state="idle">Sign up</a>
  </nav></header>
  <main><section class="hero">
    <h1>Build faster</h1>
    <button class="btn cta" type="button">Start free trial</button>
    <button class="btn" type="button">Book a demo</button>
  </section></main>`;

/** Renames every class and puts a twin of `target` (same tag, other text) before it. */
function redesign(target: Element): void {
  for (const element of document.body.querySelectorAll('[class]')) {
    element.className = [...element.classList].map((name) => `x-${name}`).join(' ');
  }
  const twin = document.createElement(target.localName);
  twin.setAttribute('type', 'button');
  twin.textContent = 'Watch the video';
  target.before(twin);
}

describe('the fingerprint of a picked element', () => {
  beforeEach(() => {
    document.body.innerHTML = PAGE;
  });

  it('holds what tells the element apart, and no state or generated names', () => {
    const link = document.querySelector('a[href="/signup"]')!;
    expect(fingerprintOf(link)).toEqual({
      tag: 'a',
      text: 'Sign up',
      attrs: { href: '/signup' },
      classes: ['btn', 'btn-primary'],
      landmark: 'nav',
      path: ['nav', 'header', 'body'],
      index: 1,
    });
    const button = document.createElement('button');
    button.id = ':r7:';
    button.className = 'css-1x2y3z primary';
    document.body.append(button);
    expect(fingerprintOf(button)).toEqual({
      tag: 'button',
      classes: ['primary'],
      path: ['body', 'html'],
      index: 2,
    });
  });

  it('scores the same element, read again, at 1', () => {
    for (const element of document.body.querySelectorAll('*')) {
      expect(scoreFingerprint(fingerprintOf(element), readFingerprint(element))).toBe(1);
    }
  });
});

describe('healElement', () => {
  beforeEach(() => {
    document.body.innerHTML = PAGE;
  });

  it('finds the element by its fingerprint once its positional selector fails', () => {
    const cta = document.querySelector('.cta')!;
    const selector = uniqueSelector(cta);
    const fingerprint = fingerprintOf(cta);
    redesign(cta);
    // The selector now names the twin (or nothing): the page changed under it.
    expect(findElements(selector)).not.toEqual([cta]);
    expect(healElement(fingerprint)).toBe(cta);
  });

  it('finds an element whose text was lightly edited and whose classes were renamed', () => {
    const cta = document.querySelector('.cta')!;
    const fingerprint = fingerprintOf(cta);
    redesign(cta);
    cta.textContent = 'Start your free trial';
    expect(healElement(fingerprint)).toBe(cta);
  });

  it('takes no neighbour for an element that is gone', () => {
    const cta = document.querySelector('.cta')!;
    const fingerprint = fingerprintOf(cta);
    cta.remove();
    const other = document.querySelector('button')!;
    expect(scoreFingerprint(fingerprint, readFingerprint(other))).toBeLessThan(
      FINGERPRINT_THRESHOLD,
    );
    expect(healElement(fingerprint)).toBeUndefined();
  });
});

describe('locateElements (the editor)', () => {
  beforeEach(() => {
    document.body.innerHTML = PAGE;
  });

  it('answers the selector while it names one element, else the fingerprint', () => {
    const cta = document.querySelector('.cta')!;
    const fingerprint = fingerprintOf(cta);
    expect(locateElements('.cta', fingerprint)).toEqual([cta]);
    redesign(cta);
    expect(locateElements('.cta', fingerprint)).toEqual([cta]);
    expect(locateElements('.cta')).toEqual([]);
    // Several matches: the one the fingerprint names.
    expect(locateElements('main button', fingerprint)).toEqual([cta]);
  });
});
