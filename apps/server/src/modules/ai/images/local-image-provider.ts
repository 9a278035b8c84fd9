import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { DrawImageRequest, ImageProvider, ImageSize } from './image-provider';

// The built-in `local` image provider: no network, no model. Drawing makes text-free abstract
// artwork whose palette and shapes come from the prompt; editing crops the current image to
// the element (keeping its most interesting part) and gives each image its own colour treatment.

type Rgb = [number, number, number];

/** Deterministic numbers from a seed text, so the same request draws the same image. */
function seeded(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const css = ([r, g, b]: Rgb, alpha = 1) => `rgba(${r},${g},${b},${alpha})`;

function artwork({ prompt, imageType, size, index }: DrawImageRequest): string {
  const random = seeded(`${prompt}|${imageType}|${index}`);
  const hue = random() * 360;
  const base = hsl(hue, 0.55, 0.45);
  const light = hsl((hue + 40) % 360, 0.6, 0.7);
  const accent = hsl((hue + 180 + index * 30) % 360, 0.65, 0.6);
  const { width, height } = size;
  const shapes = Array.from({ length: 7 }, () => {
    const r = (0.1 + random() * 0.35) * Math.min(width, height);
    const colour = random() > 0.5 ? accent : light;
    const x = random() * width;
    const y = random() * height;
    return imageType === 'flat graphic'
      ? `<rect x="${x - r / 2}" y="${y - r / 2}" width="${r}" height="${r}" rx="${r / 6}" fill="${css(colour, 0.85)}"/>`
      : `<circle cx="${x}" cy="${y}" r="${r}" fill="${css(colour, 0.45)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${css(base)}"/><stop offset="1" stop-color="${css(light)}"/>
      </linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${shapes}
  </svg>`;
}

function vignette({ width, height }: ImageSize): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.55" stop-color="black" stop-opacity="0"/>
      <stop offset="1" stop-color="black" stop-opacity="0.55"/>
    </radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#v)"/>
  </svg>`);
}

/** Four treatments, one per image of a request: warm, cool duotone, crisp mono, vignette. */
const TREATMENTS: ((image: Sharp, size: ImageSize) => Sharp)[] = [
  (image) =>
    image
      .recomb([
        [1.12, 0.06, 0],
        [0.02, 1.0, 0],
        [0, 0, 0.82],
      ])
      .modulate({ saturation: 1.2, brightness: 1.04 }),
  // A cool duotone: luminance mapped onto a blue ramp.
  (image) =>
    image.recomb([
      [0.12, 0.24, 0.05],
      [0.2, 0.4, 0.08],
      [0.3, 0.59, 0.11],
    ]),
  (image) => image.greyscale().linear(1.25, -24),
  (image, size) => image.modulate({ saturation: 1.1 }).composite([{ input: vignette(size) }]),
];

export function createLocalImageProvider(): ImageProvider {
  return {
    offline: true,
    async draw(request) {
      const image = sharp(Buffer.from(artwork(request)));
      // A photo's soft focus; libvips blurs far faster than librsvg renders an SVG filter.
      const { width, height } = request.size;
      if (request.imageType === 'photo') image.blur(Math.max(2, Math.min(width, height) / 30));
      // Uncompressed: the job re-encodes it for storage anyway.
      return image.png({ compressionLevel: 0 }).toBuffer();
    },
    async edit({ source, size, index }) {
      const cropped = await sharp(source)
        .rotate()
        .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
        .toBuffer();
      const treat = TREATMENTS[index % TREATMENTS.length]!;
      return treat(sharp(cropped), size).png({ compressionLevel: 0 }).toBuffer();
    },
  };
}
