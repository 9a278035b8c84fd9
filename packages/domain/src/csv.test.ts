import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['ada@example.com', 'ada@example.com'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1@example.com', "'+1@example.com"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
  ])('%j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('never lets a cell start a formula (property)', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvCell(value).replace(/^"/, '');
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('writes rows with CRLF line ends', () => {
    expect(
      toCsv([
        ['email', 'signed_up_at'],
        ['a@b.co', '2026-01-01'],
      ]),
    ).toBe('email,signed_up_at\r\na@b.co,2026-01-01\r\n');
  });
});
