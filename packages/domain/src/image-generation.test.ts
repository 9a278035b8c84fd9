import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_TYPE } from './constants';
import {
  GENERATE_PANEL_SERVICE,
  imageGenerationRequestSchema,
  imageServiceOf,
  MODIFY_PANEL_SERVICE,
} from './image-generation';

describe('image generation requests', () => {
  it('the two panels default to different services', () => {
    expect(GENERATE_PANEL_SERVICE).not.toBe(MODIFY_PANEL_SERVICE);
  });

  it('a request with a source image edits it unless a service is named', () => {
    expect(imageServiceOf({ url: 'https://example.com/a.png' })).toBe('image-edit');
    expect(imageServiceOf({ url: '  ' })).toBe('text-to-image');
    expect(imageServiceOf({ url: 'https://example.com/a.png', service: 'text-to-image' })).toBe(
      'text-to-image',
    );
  });

  it('defaults imageType to photo', () => {
    const parsed = imageGenerationRequestSchema.parse({
      prompt: 'A lamp',
      dimensions: { width: 10, height: 10 },
      ids: [0],
    });
    expect(parsed.imageType).toBe(DEFAULT_IMAGE_TYPE);
  });
});
