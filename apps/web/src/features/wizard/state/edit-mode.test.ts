import { ERROR_MESSAGES, WIZARD_STEPS } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import { editModeFor } from './edit-mode';
import { textVariant } from './test-fixtures';

const create = editModeFor('create');
const update = editModeFor('update');

const saved = textVariant(1, { value: 'Saved' });
const draft = textVariant(2, { value: 'Draft' }, 'draft');
const suggestion = textVariant(3, { value: 'Suggested' }, 'suggested');

describe('editModeFor', () => {
  it('hands out one strategy per mode', () => {
    expect(editModeFor('create')).toBe(create);
    expect(editModeFor('update')).toBe(update);
    expect(Object.keys(create).sort()).toEqual(Object.keys(update).sort());
  });
});

describe('previewMode', () => {
  it('follows the step in create mode', () => {
    expect(WIZARD_STEPS.map((step) => create.previewMode(step))).toEqual([
      'ClosePopups',
      'ClosePopups',
      'EditElements',
      'EditGoals',
      'CampaignPreview',
      'CampaignPreview',
    ]);
  });

  it('is always CampaignPreview in update mode', () => {
    for (const step of WIZARD_STEPS) expect(update.previewMode(step)).toBe('CampaignPreview');
  });
});

describe('wording', () => {
  it('titles a new campaign, or the saved one by name', () => {
    expect(create.title('Ignored')).toBe('New campaign');
    expect(update.title('Spring sale')).toBe('Edit “Spring sale”');
  });

  it('creates or saves from Settings', () => {
    expect(create.submit).toEqual({
      label: 'Create campaign',
      loadingText: 'Creating…',
      successToast: 'Campaign created',
      errorMessage: ERROR_MESSAGES.createCampaign,
    });
    expect(update.submit).toEqual({
      label: 'Save campaign',
      loadingText: 'Saving…',
      successToast: 'Campaign saved',
      errorMessage: 'There was an error saving the campaign.',
    });
  });

  it('introduces EditElements for picking, or for editing saved elements', () => {
    expect(create.elementsIntro.title).toBe('Pick elements to test');
    expect(update.elementsIntro.title).toBe('Elements and variants');
    expect(update.elementsIntro.text).toContain('Changes are saved at once.');
  });
});

describe('steps', () => {
  it('create mode revisits the page steps and takes the screenshot', () => {
    expect(create).toMatchObject({ revisitsPageSteps: true, takesScreenshot: true });
  });

  it('update mode keeps the saved page: no page steps, no screenshot', () => {
    expect(update).toMatchObject({ revisitsPageSteps: false, takesScreenshot: false });
  });
});

describe('elements and variants', () => {
  it('only create mode picks and deletes elements', () => {
    expect(create.changesElements).toBe(true);
    expect(update.changesElements).toBe(false);
  });

  it('create mode keeps variant changes local; update mode sends them to the server', () => {
    expect(create.variantChanges).toBe('local');
    expect(update.variantChanges).toBe('server');
  });

  it('create mode toggles its drafts; update mode toggles saved variants', () => {
    expect([saved, draft, suggestion].map(create.canToggle)).toEqual([false, true, false]);
    expect([saved, draft, suggestion].map(update.canToggle)).toEqual([true, false, false]);
  });

  it('a saved variant keeps its results in update mode, so editing it adds a new one', () => {
    expect(update.keepsResultsOf(saved)).toBe(true);
    expect(update.keepsResultsOf(draft)).toBe(false);
    expect(update.keepsResultsOf(suggestion)).toBe(false);
    expect(update.keepsResultsOf(undefined)).toBe(false);
    expect([saved, draft, suggestion, undefined].some(create.keepsResultsOf)).toBe(false);
  });
});
