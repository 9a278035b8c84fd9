import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('keeps in-app admin paths', () => {
    expect(safeNext('/admin/acme/campaigns?page=2')).toBe('/admin/acme/campaigns?page=2');
  });

  it('falls back to /admin for anything else', () => {
    expect(safeNext(null)).toBe('/admin');
    expect(safeNext('https://evil.example')).toBe('/admin');
    expect(safeNext('//evil.example/admin')).toBe('/admin');
    expect(safeNext('/admin\\@evil.example')).toBe('/admin');
    expect(safeNext('/settings')).toBe('/admin');
  });
});
