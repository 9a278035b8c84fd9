import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { FORM_ROOT_ERROR_KEY, validateField, validateForm } from './form-validation';

const schema = z
  .object({
    title: z.string().min(1, 'Title is required').min(3, 'Title is too short'),
    count: z.number({ error: 'Count must be a number' }).int('Count must be whole'),
    tags: z.array(z.string().min(1, 'Tag is empty')),
    password: z.string(),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { error: 'Passwords differ', path: ['confirm'] })
  .refine((v) => v.tags.length < 3, { error: 'Too many tags' });

const good = { title: 'Hello', count: 2, tags: ['a'], password: 'x', confirm: 'x' };

describe('validateForm', () => {
  it('returns an empty object for valid values', () => {
    expect(validateForm(schema, good)).toEqual({});
  });

  it('keys errors by top-level field with type redux-validate and keeps the first message', () => {
    const errors = validateForm(schema, { ...good, title: '', count: 1.5 });
    expect(errors).toEqual({
      title: { type: 'redux-validate', message: 'Title is required' },
      count: { type: 'redux-validate', message: 'Count must be whole' },
    });
  });

  it('reports nested issues under the top-level field', () => {
    expect(validateForm(schema, { ...good, tags: ['ok', ''] })).toEqual({
      tags: { type: 'redux-validate', message: 'Tag is empty' },
    });
  });

  it('reports cross-field refinements on their path and root issues under _error', () => {
    const errors = validateForm(schema, { ...good, confirm: 'y', tags: ['a', 'b', 'c'] });
    expect(errors.confirm?.message).toBe('Passwords differ');
    expect(errors[FORM_ROOT_ERROR_KEY]?.message).toBe('Too many tags');
  });

  it('handles non-object input', () => {
    expect(validateForm(schema, null)[FORM_ROOT_ERROR_KEY]?.type).toBe('redux-validate');
  });
});

describe('validateField', () => {
  it('returns the first message for one field only', () => {
    expect(validateField(schema, 'title', { ...good, title: '', count: 'x' })).toEqual({
      type: 'redux-validate',
      message: 'Title is required',
    });
    expect(validateField(schema, 'count', { ...good, count: 'x' })).toEqual({
      type: 'redux-validate',
      message: 'Count must be a number',
    });
  });

  it('returns undefined when that field is valid even if others fail', () => {
    expect(validateField(schema, 'title', { ...good, count: 'x' })).toBeUndefined();
    expect(validateField(schema, 'title', good)).toBeUndefined();
  });
});
