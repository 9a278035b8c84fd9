import type { ImageElement } from '@kindling/domain';
import { describe, expect, it } from 'vitest';
import {
  imagePlaceholders,
  withGeneratedImages,
  withImageStatus,
  withoutPlaceholders,
  withPlaceholders,
} from './image-suggestions';

const element: ImageElement = {
  id: -1,
  key: 'e1',
  selector: 'img.hero',
  type: 'image',
  control: { info: { src: 'https://example.com/lamp.png' } },
  variants: [
    {
      id: 5,
      key: 'v5',
      type: 'image',
      isEnabled: true,
      info: { src: 'https://example.com/a.png' },
    },
  ],
};

describe('image suggestions', () => {
  const started = withPlaceholders(element, imagePlaceholders([-2, -3]));

  it('adds suggested placeholders that wait for the job', () => {
    expect(started.variants.slice(1)).toEqual([
      {
        id: -2,
        key: 'v2',
        type: 'image',
        isEnabled: true,
        marker: 'suggested',
        info: { src: '', status: { type: 'start' } },
      },
      {
        id: -3,
        key: 'v3',
        type: 'image',
        isEnabled: true,
        marker: 'suggested',
        info: { src: '', status: { type: 'start' } },
      },
    ]);
  });

  it('follows the phases of its own placeholders only', () => {
    const status = { type: 'generate' as const, duration: 20_000 };
    const next = withImageStatus(started, [-3, 5], status);
    expect(next.variants.map((variant) => variant.info.status)).toEqual([
      undefined,
      { type: 'start' },
      status,
    ]);
  });

  it('fills placeholders with the images and drops the ones without', () => {
    const done = withGeneratedImages(
      started,
      [-2, -3],
      [
        {
          variantId: -3,
          src: '/api/files/uploads/x.jpg',
          thumb: '/api/files/uploads/x-thumb.webp',
        },
      ],
    );
    expect(done.variants.map((variant) => [variant.id, variant.info])).toEqual([
      [5, { src: 'https://example.com/a.png' }],
      [-3, { src: '/api/files/uploads/x.jpg', thumb: '/api/files/uploads/x-thumb.webp' }],
    ]);
  });

  it('removes the placeholders on error', () => {
    expect(withoutPlaceholders(started, [-2, -3])).toEqual(element);
  });
});
