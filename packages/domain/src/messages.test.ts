import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  CANCEL_DRAFT,
  CONFIRM_DIALOG_DEFAULTS,
  DELETE_ELEMENT,
  DELETE_VARIANT,
  ERROR_MESSAGES,
  GENERIC_FAILURE_TITLES,
  GOAL_CONFIRMATION,
  LOADING_MESSAGES,
  pickPhrase,
  START_OVER,
  SUCCESS_MESSAGES,
} from './messages';

describe('messages', () => {
  it('quotes the error catalogue verbatim', () => {
    expect(ERROR_MESSAGES.createCampaign).toBe('There was an error creating the campaign.');
    expect(ERROR_MESSAGES.notEnoughVariants).toBe('Could not generate enough variants');
    expect(ERROR_MESSAGES.elementMeta).toBe('Could not update element meta');
    expect(ERROR_MESSAGES.urlUndefined).toBe('url is undefined');
    expect(ERROR_MESSAGES.imageInfo).toBe('Could not get image info');
    expect(ERROR_MESSAGES.unsupportedGoalEvent).toBe('Unsupported track event type in this step.');
    expect(ERROR_MESSAGES.missingPreviewElement).toBe(
      "Tried to select a preview element that doesn't exist",
    );
    expect(ERROR_MESSAGES.dataLoading).toBe('Data is still loading...');
    expect(ERROR_MESSAGES.somethingWentWrong).toBe('Something went wrong');
    expect(ERROR_MESSAGES.unauthenticated).toBe('User needs to be authenticated to call this API.');
    expect(ERROR_MESSAGES.timeout).toBe('Timeout');
  });

  it('fills in the templated messages', () => {
    expect(ERROR_MESSAGES.missingInformation('help@example.com')).toBe(
      'Our apologies: We are missing some information here. Please email us at help@example.com to let us know so we can fix it.',
    );
    expect(ERROR_MESSAGES.handlerMissing('progress')).toBe('Handler missing for type progress');
  });

  it('keeps the generic failure titles with the spec spelling', () => {
    expect(GENERIC_FAILURE_TITLES).toEqual([
      'Uh oh!',
      'Looks like something went wrong :(',
      'Well, this is embarassing',
    ]);
  });

  it('has fire-themed loading messages and success messages', () => {
    expect(LOADING_MESSAGES).toContain('Loading page');
    expect(LOADING_MESSAGES).toContain('Stoking the ashes');
    expect(SUCCESS_MESSAGES.length).toBeGreaterThan(3);
  });

  it('picks every phrase of a list, and only phrases of that list', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (draw) => {
        expect(LOADING_MESSAGES).toContain(pickPhrase(LOADING_MESSAGES, () => draw));
        expect(SUCCESS_MESSAGES).toContain(pickPhrase(SUCCESS_MESSAGES, () => draw));
      }),
    );
    const seen = new Set(
      LOADING_MESSAGES.map((_, index) =>
        pickPhrase(LOADING_MESSAGES, () => (index + 0.5) / LOADING_MESSAGES.length),
      ),
    );
    expect(seen).toEqual(new Set(LOADING_MESSAGES));
    expect(pickPhrase(GENERIC_FAILURE_TITLES, () => 0)).toBe('Uh oh!');
  });

  it('quotes the confirmation dialogs verbatim', () => {
    expect(CONFIRM_DIALOG_DEFAULTS).toEqual({ confirmLabel: 'Confirm', cancelLabel: 'Cancel' });
    expect(START_OVER).toEqual({
      title: 'Start Over?',
      message:
        "Are you sure you want to go back to the first step? You'll have to input your URL again and start over.",
    });
    expect(GOAL_CONFIRMATION).toEqual({
      title: 'Goal confirmation',
      message: 'Once you submit you cannot change the order or add more goals to your funnel.',
      confirmLabel: 'Submit',
    });
    expect(DELETE_VARIANT).toEqual({
      title: 'Delete variant',
      message: 'Are you sure you want to delete this variant? Once deleted it cannot be recovered.',
      confirmLabel: 'Yes, Delete',
    });
    expect(DELETE_ELEMENT).toEqual({
      title: 'Delete element',
      message: 'Are you sure you want to delete this element? Once deleted it cannot be recovered.',
      danger: true,
    });
    expect(CANCEL_DRAFT).toEqual({
      title: 'Are you sure you want to cancel?',
      message: 'You have unsaved changes.',
    });
  });
});
