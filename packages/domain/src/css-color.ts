import { packRgba } from './color';

// Parses the colour strings the preview agent reads from computed styles
// ("rgb(0, 0, 0)", "rgba(0, 0, 0, 0.5)") and what users type ("#fff", "#01619dff",
// "rgb(1 97 157 / 50%)") into the packed 32-bit colour. Out-of-range channels are
// clamped as CSS does; anything else unrecognised yields undefined.

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(%?)$/;

export function parseCssColor(input: string): number | undefined {
  const text = input.trim().toLowerCase();
  if (text === 'transparent') return 0;
  if (text.startsWith('#')) return parseHex(text.slice(1));
  const match = /^rgba?\(([^()]*)\)$/.exec(text);
  return match?.[1] === undefined ? undefined : parseRgbArguments(match[1]);
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
