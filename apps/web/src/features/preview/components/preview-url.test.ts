import { describe, expect, it } from 'vitest';
import { previewUrlError } from './preview-url';

describe('preview URL check', () => {
  it('asks for a URL, refuses invalid ones and accepts a normal page address', () => {
    expect(previewUrlError('  ')).toBe('Please enter a URL');
    expect(previewUrlError('http://127.0.0.1/')).toBe(
      'Please check that you have entered a valid URL',
    );
    expect(previewUrlError('not a url')).toBe('Please check that you have entered a valid URL');
    expect(previewUrlError('https://shop.example.com/pricing?plan=pro')).toBeUndefined();
  });
});
