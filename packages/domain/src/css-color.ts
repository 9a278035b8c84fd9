import { fromHsla, packRgba } from './color';

// Parses the colour strings the preview agent reads from computed styles
// ("rgb(0, 0, 0)", "rgba(0, 0, 0, 0.5)", "color(srgb 1 0 0)") and what users type or paste
// ("#fff", "#01619dff", "rgb(1 97 157 / 50%)", "hsla(204, 99%, 31%, 0.5)") into the packed
// 32-bit colour, so every colour is one value whatever form the browser or a page gave it.
// Out-of-range channels are clamped as CSS does; anything else unrecognised yields undefined.

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(%?)$/;

export function parseCssColor(input: string): number | undefined {
  const text = input.trim().toLowerCase();
  if (text === 'transparent') return 0;
  if (text.startsWith('#')) return parseHex(text.slice(1));
  const match = /^(rgba?|hsla?|color)\(([^()]*)\)$/.exec(text);
  const [, name, args] = match ?? [];
  if (name === undefined || args === undefined) return undefined;
  if (name === 'color') return parseSrgbArguments(args);
  return name.startsWith('rgb') ? parseRgbArguments(args) : parseHslArguments(args);
}

function parseHex(hex: string): number | undefined {
  if (!/^[0-9a-f]+$/.test(hex)) return undefined;
  let full: string;
  if (hex.length === 3 || hex.length === 4) {
    full = [...hex].map((digit) => digit + digit).join('');
  } else if (hex.length === 6 || hex.length === 8) {
    full = hex;
  } else {
    return undefined;
  }
  if (full.length === 6) full += 'ff';
  return Number.parseInt(full, 16) >>> 0;
}

function splitArguments(args: string): { channels: string[]; alpha?: string } | undefined {
  if (args.includes(',')) {
    const parts = args.split(',').map((part) => part.trim());
    if (parts.length === 4) return { channels: parts.slice(0, 3), alpha: parts[3] };
    return { channels: parts };
  }
  const [channels = '', alpha, ...extra] = args.split('/');
  if (extra.length > 0) return undefined;
  const trimmed = alpha?.trim();
  const parts = channels.trim().split(/\s+/);
  return trimmed === undefined ? { channels: parts } : { channels: parts, alpha: trimmed };
}

function parseNumber(text: string): { value: number; percent: boolean } | undefined {
  const match = NUMBER.exec(text);
  if (match === null) return undefined;
  return { value: Number.parseFloat(text), percent: match[1] === '%' };
}

const clamp = (value: number, max: number): number => Math.min(Math.max(value, 0), max);

function parseChannel(text: string): number | undefined {
  const parsed = parseNumber(text);
  if (parsed === undefined) return undefined;
  const value = parsed.percent ? (parsed.value / 100) * 255 : parsed.value;
  return Math.round(clamp(value, 255));
}

function parseAlpha(text: string | undefined): number | undefined {
  if (text === undefined) return 255;
  const parsed = parseNumber(text);
  if (parsed === undefined) return undefined;
  const unit = parsed.percent ? parsed.value / 100 : parsed.value;
  return Math.round(clamp(unit, 1) * 255);
}

function parseRgbArguments(args: string): number | undefined {
  const split = splitArguments(args);
  if (split?.channels.length !== 3) return undefined;
  const [r, g, b] = split.channels.map(parseChannel);
  const a = parseAlpha(split.alpha);
  if (r === undefined || g === undefined || b === undefined || a === undefined) return undefined;
  return packRgba({ r, g, b, a });
}

/** Hue: a bare number is degrees; deg, grad, rad and turn as in CSS. */
function parseHue(text: string): number | undefined {
  const match = /^(.*?)(deg|grad|rad|turn)?$/.exec(text);
  const [, number = '', unit] = match ?? [];
  const parsed = parseNumber(number);
  if (parsed === undefined || parsed.percent) return undefined;
  const perDegree = { deg: 1, grad: 400 / 360, rad: Math.PI / 180, turn: 1 / 360 };
  return parsed.value / perDegree[(unit ?? 'deg') as keyof typeof perDegree];
}

/** Saturation or lightness, 0..100: a percentage (or, in the space-separated form, a number). */
function parsePercent(text: string): number | undefined {
  const parsed = parseNumber(text);
  return parsed === undefined ? undefined : clamp(parsed.value, 100);
}

function parseHslArguments(args: string): number | undefined {
  const split = splitArguments(args);
  if (split?.channels.length !== 3) return undefined;
  const [hue = '', saturation = '', lightness = ''] = split.channels;
  const h = parseHue(hue);
  const s = parsePercent(saturation);
  const l = parsePercent(lightness);
  const a = parseAlpha(split.alpha);
  if (h === undefined || s === undefined || l === undefined || a === undefined) return undefined;
  return fromHsla({ h, s, l, a: a / 255 });
}

/** "color(srgb 1 0.5 0 / 0.5)", how Chromium reports colours given in that space. */
function parseSrgbArguments(args: string): number | undefined {
  const [space, ...rest] = args.trim().split(/\s+/);
  if (space !== 'srgb') return undefined;
  const split = splitArguments(rest.join(' '));
  if (split?.channels.length !== 3 || args.includes(',')) return undefined;
  const [r, g, b] = split.channels.map((channel) => {
    const parsed = parseNumber(channel);
    if (parsed === undefined) return undefined;
    const unit = parsed.percent ? parsed.value / 100 : parsed.value;
    return Math.round(clamp(unit, 1) * 255);
  });
  const a = parseAlpha(split.alpha);
  if (r === undefined || g === undefined || b === undefined || a === undefined) return undefined;
  return packRgba({ r, g, b, a });
}
