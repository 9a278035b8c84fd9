// @vitest-environment happy-dom
import { NOT_ON_PAGE } from '@kindling/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { fingerprintOf } from '../fingerprint-of';
import { uniqueSelector } from '../selector';
import { createApplier } from './apply';
import type { Change } from './plan';

const hooks = { onApplied: () => {}, onLoop: () => {}, wasSeen: () => false };

function changeFor(element: Element, elementId: number): Change {
  const selector = uniqueSelector(element);
  return {
    campaignId: 1,
    elementId,
    selector,
    fingerprint: fingerprintOf(element),
    mutations: [{ type: 'textValue', selector, value: `Variant ${elementId}` }],
  };
}

describe('the tracker applying a change whose selector fails', () => {
  beforeEach(() => {
    document.body.innerHTML = `<main><section>
      <h2>Plans</h2>
      <div><button class="cta">Start free trial</button></div>
      <div><button class="cta">Book a demo</button></div>
    </section></main>`;
  });

  it('applies it to the element its fingerprint finds and reports the element as healed', () => {
    const [trial, demo] = [...document.querySelectorAll('button')] as Element[] as [
      Element,
      Element,
    ];
    const changes = [changeFor(trial, 7), changeFor(demo, 8)];
    // The site changed: classes renamed, a new offer inserted before the trial.
    document.querySelectorAll('.cta').forEach((button) => (button.className = 'button'));
    const offer = document.createElement('div');
    offer.innerHTML = '<button class="button">See pricing</button>';
    trial.parentElement!.before(offer);

    const applier = createApplier(hooks);
    applier.show(changes, 0);
    expect(trial.textContent).toBe('Variant 7');
    expect(demo.textContent).toBe('Variant 8');
    expect(offer.textContent).toBe('See pricing');
    const report = applier.report(1);
    expect(report.healed).toEqual([7, 8]);
    expect(report.applied[7]).not.toBeNull();
  });

  it('reports nothing healed while the selectors still work', () => {
    const trial = document.querySelector('button')!;
    const applier = createApplier(hooks);
    applier.show([changeFor(trial, 7)], 0);
    expect(trial.textContent).toBe('Variant 7');
    expect(applier.report(1).healed).toEqual([]);
  });

  it('leaves the page alone when nothing is like the element any more', () => {
    const trial = document.querySelector('button')!;
    const change = changeFor(trial, 7);
    document.querySelector('section')!.innerHTML = '<h2>Sold out</h2><button>Notify me</button>';
    const applier = createApplier(hooks);
    applier.show([change], 0);
    expect(document.querySelector('button')!.textContent).toBe('Notify me');
    // Nothing like it was found: not on this page (issue 31), not "missed".
    expect(applier.report(1)).toEqual({ applied: { 7: NOT_ON_PAGE }, healed: [] });
  });
});
