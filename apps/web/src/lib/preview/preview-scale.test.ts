import { describe, expect, it } from 'vitest';
import { fitFrame, MIN_SCALE, scaleLabel } from './preview-scale';

describe('preview scale', () => {
  it('renders each size at its true viewport width', () => {
    const pane = { width: 2_000, height: 700 };
    expect(fitFrame('mobile', pane).viewportWidth).toBe(375);
    expect(fitFrame('tablet', pane).viewportWidth).toBe(768);
    expect(fitFrame('desktop', pane).viewportWidth).toBe(1280);
  });

  it('shrinks a wider viewport to the pane and stretches its height to fill it', () => {
    const fit = fitFrame('desktop', { width: 692, height: 540 });
    expect(fit.scale).toBeCloseTo(692 / 1280);
    expect(fit.scaledWidth).toBeCloseTo(692);
    expect(fit.viewportHeight).toBe(Math.round(540 / (692 / 1280)));
    expect(fit.viewportHeight * fit.scale).toBeCloseTo(540, 0);
  });

  it('never enlarges a viewport that fits', () => {
    expect(fitFrame('mobile', { width: 900, height: 600 })).toMatchObject({
      scale: 1,
      scaledWidth: 375,
      viewportHeight: 600,
    });
  });

  it('keeps a floor, and a pane not measured yet shows the page unscaled', () => {
    expect(fitFrame('desktop', { width: 40, height: 300 }).scale).toBe(MIN_SCALE);
    expect(fitFrame('desktop', { width: 0, height: 0 })).toMatchObject({
      scale: 1,
      viewportHeight: 0,
    });
  });

  it('labels the device, its width and the scale in whole percent', () => {
    expect(scaleLabel('desktop', 692 / 1280)).toBe('Desktop · 1280 px · 54%');
    expect(scaleLabel('mobile', 1)).toBe('Mobile · 375 px · 100%');
  });
});
