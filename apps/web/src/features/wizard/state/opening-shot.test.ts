import { describe, expect, it } from 'vitest';
import { needsOpeningShot } from './opening-shot';
import { createWizardState } from './wizard-state';

describe('needsOpeningShot', () => {
  const opened = createWizardState({ url: 'https://shop.example.com/', isEnabled: true });

  it('asks for a shot when the wizard opens at ClosePopups from ?url=', () => {
    expect(opened.step).toBe('ClosePopups');
    expect(needsOpeningShot(opened)).toBe(true);
  });

  it('does not when a shot is asked for or taken, or the wizard starts elsewhere', () => {
    expect(needsOpeningShot({ ...opened, screenshotRequested: true })).toBe(false);
    expect(needsOpeningShot({ ...opened, thumbnail: { small: 's.png', large: 'l.png' } })).toBe(
      false,
    );
    expect(needsOpeningShot(createWizardState({ url: '', isEnabled: true }))).toBe(false);
    expect(needsOpeningShot({ ...opened, step: 'EditElements' })).toBe(false);
    expect(needsOpeningShot({ ...opened, mode: 'update' })).toBe(false);
  });
});
