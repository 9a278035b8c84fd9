import { describe, expect, it } from 'vitest';
import { safeNext, withNext } from './safe-next';

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

describe('withNext', () => {
  it('carries a safe destination on, and nothing when there is none', () => {
    const next = new URLSearchParams({ next: '/admin/auth/invite?token=abc' });
    expect(withNext('/admin/auth/sign-up', next)).toBe(
      '/admin/auth/sign-up?next=%2Fadmin%2Fauth%2Finvite%3Ftoken%3Dabc',
    );
    expect(withNext('/admin/auth/sign-up', new URLSearchParams())).toBe('/admin/auth/sign-up');
    expect(withNext('/admin/auth/sign-in', new URLSearchParams({ next: 'https://evil' }))).toBe(
      '/admin/auth/sign-in?next=%2Fadmin',
    );
  });
});
