import type { Frame, Page } from 'playwright-core';
import sharp from 'sharp';

/** A decoded screenshot: raw RGBA, four bytes a pixel, row after row. */
export interface Pixels {
  png: Buffer;
  width: number;
  height: number;
  data: Buffer;
}

/** A rectangle in page (viewport) pixels. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Takes a viewport screenshot of the page (the preview frame fills it) and decodes it. */
export async function shoot(page: Page): Promise<Pixels> {
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { png, width: info.width, height: info.height, data };
}

/**
 * A screenshot once the page has stopped changing: two shots 100 ms apart that agree. A loaded
 * machine may paint a scroll, an overlay or a restored style a few frames late; a reference
 * taken mid-way would differ from every later shot however long one polls.
 */
export async function settledShot(page: Page): Promise<Pixels> {
  let last = await shoot(page);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await shoot(page);
    if (diffFraction(last, next) === 0) return next;
    last = next;
  }
  throw new Error('the page kept changing for 2 s');
}

/** Where an element of the frame is drawn on the page, or undefined when it is not drawn. */
export async function areaOf(frame: Frame, selector: string): Promise<Area | undefined> {
  const locator = frame.locator(selector).first();
  if ((await locator.count()) === 0 || !(await locator.isVisible())) return undefined;
  return (await locator.boundingBox()) ?? undefined;
}

/** The smallest area holding every given one, cut to the image's bounds, in whole pixels. */
export function unionArea(image: Pixels, ...areas: (Area | undefined)[]): Area {
  const present = areas.filter((area): area is Area => area !== undefined);
  if (present.length === 0) throw new Error('no area to compare');
  const left = Math.max(0, Math.floor(Math.min(...present.map((area) => area.x))));
  const top = Math.max(0, Math.floor(Math.min(...present.map((area) => area.y))));
  const right = Math.min(
    image.width,
    Math.ceil(Math.max(...present.map((area) => area.x + area.width))),
  );
  const bottom = Math.min(
    image.height,
    Math.ceil(Math.max(...present.map((area) => area.y + area.height))),
  );
  if (right <= left || bottom <= top) throw new Error('area is off screen');
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function wholeImage(image: Pixels): Area {
  return { x: 0, y: 0, width: image.width, height: image.height };
}

export function pixelAt(image: Pixels, x: number, y: number): [number, number, number] {
  const offset = (Math.round(y) * image.width + Math.round(x)) * 4;
  return [image.data[offset]!, image.data[offset + 1]!, image.data[offset + 2]!];
}

/** Whether a pixel is within `tolerance` (per channel) of an 0xRRGGBBAA colour. */
export function near(pixel: [number, number, number], rgba: number, tolerance = 8): boolean {
  const wanted = [(rgba >>> 24) & 0xff, (rgba >>> 16) & 0xff, (rgba >>> 8) & 0xff];
  return pixel.every((channel, index) => Math.abs(channel - wanted[index]!) <= tolerance);
}

/** The fraction (0..1) of the area's pixels that differ (any channel by more than 8) between a and b. */
export function diffFraction(a: Pixels, b: Pixels, area: Area = wholeImage(a)): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('screenshot sizes differ');
  let differing = 0;
  for (let y = area.y; y < area.y + area.height; y += 1) {
    for (let x = area.x; x < area.x + area.width; x += 1) {
      const offset = (y * a.width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        if (Math.abs(a.data[offset + channel]! - b.data[offset + channel]!) > 8) {
          differing += 1;
          break;
        }
      }
    }
  }
  return differing / (area.width * area.height);
}

/** The fraction (0..1) of the area's pixels within tolerance of an 0xRRGGBBAA colour. */
export function colourFraction(image: Pixels, area: Area, rgba: number, tolerance = 8): number {
  let matching = 0;
  for (let y = area.y; y < area.y + area.height; y += 1) {
    for (let x = area.x; x < area.x + area.width; x += 1) {
      if (near(pixelAt(image, x, y), rgba, tolerance)) matching += 1;
    }
  }
  return matching / (area.width * area.height);
}
