import { describe, it, expect } from 'vitest';
import { sniffImageType, UPLOAD_MESSAGES, validateUploads } from './uploads';

const MB = 1024 * 1024;
const file = (
  name: string,
  type: string,
  size = MB,
): { name: string; size: number; type: string } => ({
  name,
  size,
  type,
});

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

const TOO_LARGE = 'File is too large. The maximum file size is 4MB.';
const BAD_TYPE = 'File type not supported. We accept JPG, PNG and GIF.';
const TOO_MANY =
  'You have uploaded too many files. You can have up to 5 variant selections for this element.';

describe('validateUploads', () => {
  it('accepts JPG, PNG and GIF up to 4 MB', () => {
    const files = [
      file('a.jpg', 'image/jpeg'),
      file('b.png', 'image/png', 4 * MB),
      file('c.gif', 'image/gif'),
    ];
    expect(validateUploads({ files, existingNewVariants: 0 })).toEqual({
      accepted: files,
      errors: [],
    });
  });

  it('drops files over 4 MB', () => {
    const ok = file('a.jpg', 'image/jpeg');
    const result = validateUploads({
      files: [ok, file('big.jpg', 'image/jpeg', 4 * MB + 1)],
      existingNewVariants: 0,
    });
    expect(result).toEqual({ accepted: [ok], errors: [TOO_LARGE] });
  });

  it('drops other types', () => {
    const result = validateUploads({
      files: [file('a.pdf', 'application/pdf'), file('b.webp', 'image/webp')],
      existingNewVariants: 0,
    });
    expect(result).toEqual({ accepted: [], errors: [BAD_TYPE] });
  });

  it('refuses the batch when existing new variants plus files exceed 5', () => {
    const files = [file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')];
    expect(validateUploads({ files, existingNewVariants: 3 }).errors).toEqual([]);
    expect(validateUploads({ files, existingNewVariants: 4 })).toEqual({
      accepted: [],
      errors: [TOO_MANY],
    });
  });

  it('reports each broken rule once, in order', () => {
    const result = validateUploads({
      files: [
        file('x.txt', 'text/plain'),
        file('big.png', 'image/png', 5 * MB),
        file('y.txt', 'text/plain'),
        file('a.png', 'image/png'),
        file('b.png', 'image/png'),
      ],
      existingNewVariants: 4,
    });
    expect(result).toEqual({ accepted: [], errors: [TOO_LARGE, BAD_TYPE, TOO_MANY] });
  });

  it('exports the messages verbatim', () => {
    expect(UPLOAD_MESSAGES).toEqual({
      tooLarge: TOO_LARGE,
      unsupportedType: BAD_TYPE,
      tooMany: TOO_MANY,
    });
  });
});

describe('sniffImageType', () => {
  it('recognises magic bytes', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(
      sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('image/png');
    const gif87 = ascii('GIF87a....');
    const gif89 = ascii('GIF89a....');
    expect(sniffImageType(gif87)).toBe('image/gif');
    expect(sniffImageType(gif89)).toBe('image/gif');
  });

  it('rejects other content whatever the name', () => {
    expect(sniffImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
    expect(sniffImageType(ascii('GIF88a'))).toBeUndefined();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
    expect(sniffImageType(new Uint8Array([]))).toBeUndefined();
  });
});
