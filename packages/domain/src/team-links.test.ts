import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { teamScreenPath, teamScreenUrl } from './team-links';

describe('team links', () => {
  it('builds {ADMIN_URL}/admin/{team}{path}', () => {
    expect(teamScreenUrl('https://app.example.com', 'acme', '/campaign/7')).toBe(
      'https://app.example.com/admin/acme/campaign/7',
    );
    expect(teamScreenUrl('https://example.com/kindling/', 'acme', '/campaigns')).toBe(
      'https://example.com/kindling/admin/acme/campaigns',
    );
    expect(teamScreenPath('acme')).toBe('/admin/acme');
  });

  it('keeps any team slug inside its own path segment', () => {
    const prefix = 'https://app.example.com/admin/';
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (team) => {
        const url = teamScreenUrl('https://app.example.com', team, '/settings');
        expect(url.startsWith(prefix)).toBe(true);
        const [segment, ...rest] = url.slice(prefix.length).split('/');
        expect(decodeURIComponent(segment!)).toBe(team);
        expect(rest).toEqual(['settings']);
        expect(url).not.toMatch(/[?#\s]/);
      }),
    );
  });
});
