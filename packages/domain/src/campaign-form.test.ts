import { describe, it, expect } from 'vitest';
import { CAMPAIGN_FORM_MESSAGES, campaignFormSchema, inviteeEmailSchema } from './campaign-form';
import { validateField, validateForm } from './form-validation';

const valid = { ingestedUrl: 'https://example.com', name: 'My campaign', description: null };

function messageFor(field: string, values: Record<string, unknown>): string | undefined {
  return validateField(campaignFormSchema, field, { ...valid, ...values })?.message;
}

describe('campaignFormSchema', () => {
  it('accepts valid values, with or without description and elements', () => {
    expect(validateForm(campaignFormSchema, valid)).toEqual({});
    expect(validateForm(campaignFormSchema, { ingestedUrl: 'example.com', name: 'abc' })).toEqual(
      {},
    );
    const parsed = campaignFormSchema.parse({ ...valid, elements: [{ id: 1, selector: 'h1' }] });
    expect(parsed.elements).toEqual([{ id: 1, selector: 'h1' }]);
  });

  it('requires a URL', () => {
    expect(messageFor('ingestedUrl', { ingestedUrl: undefined })).toBe('Please enter a URL');
    expect(messageFor('ingestedUrl', { ingestedUrl: '' })).toBe('Please enter a URL');
    expect(messageFor('ingestedUrl', { ingestedUrl: '   ' })).toBe('Please enter a URL');
  });

  it('requires a valid URL', () => {
    expect(messageFor('ingestedUrl', { ingestedUrl: 'not a url' })).toBe(
      'Please check that you have entered a valid URL',
    );
    expect(messageFor('ingestedUrl', { ingestedUrl: 'localhost' })).toBe(
      'Please check that you have entered a valid URL',
    );
  });

  it('requires a name, reporting "required" before "too short"', () => {
    expect(messageFor('name', { name: undefined })).toBe('Please enter a name');
    expect(messageFor('name', { name: '' })).toBe('Please enter a name');
    expect(messageFor('name', { name: '    ' })).toBe('Please enter a name');
    expect(validateForm(campaignFormSchema, { ...valid, name: '' })).toEqual({
      name: { type: 'redux-validate', message: 'Please enter a name' },
    });
  });

  it('bounds the name length (3..255 after trimming)', () => {
    expect(messageFor('name', { name: 'ab' })).toBe('Name must be at least 3 characters');
    expect(messageFor('name', { name: '  ab  ' })).toBe('Name must be at least 3 characters');
    expect(messageFor('name', { name: 'abc' })).toBeUndefined();
    expect(messageFor('name', { name: 'a'.repeat(255) })).toBeUndefined();
    expect(messageFor('name', { name: 'a'.repeat(256) })).toBe(
      'name must be at most 255 characters',
    );
  });

  it('allows a null or missing description up to 2000 characters', () => {
    expect(messageFor('description', { description: undefined })).toBeUndefined();
    expect(messageFor('description', { description: 'a'.repeat(2000) })).toBeUndefined();
    expect(messageFor('description', { description: 'a'.repeat(2001) })).toBe(
      'Description must be at most 2000 characters',
    );
  });

  it('exports the messages verbatim', () => {
    expect(CAMPAIGN_FORM_MESSAGES).toEqual({
      urlRequired: 'Please enter a URL',
      urlInvalid: 'Please check that you have entered a valid URL',
      nameRequired: 'Please enter a name',
      nameTooShort: 'Name must be at least 3 characters',
      nameTooLong: 'name must be at most 255 characters',
      descriptionTooLong: 'Description must be at most 2000 characters',
      invalidEmail: 'Please enter a valid email address',
    });
  });
});

describe('inviteeEmailSchema', () => {
  it.each(['a@b.co', ' someone@example.com '])('accepts %j', (email) => {
    expect(validateForm(inviteeEmailSchema, { inviteeEmail: email })).toEqual({});
  });

  it.each(['', 'nope', 'a@b', '@example.com', undefined])('rejects %j', (email) => {
    expect(validateField(inviteeEmailSchema, 'inviteeEmail', { inviteeEmail: email })).toEqual({
      type: 'redux-validate',
      message: 'Please enter a valid email address',
    });
  });
});
