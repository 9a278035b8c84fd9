import { describe, expect, it } from 'vitest';
import { teamHref, teamSlugFromPath } from './team-path';

describe('teamSlugFromPath', () => {
  it('reads the second path segment', () => {
    expect(teamSlugFromPath('/admin/acme/campaigns')).toBe('acme');
    expect(teamSlugFromPath('/admin/acme')).toBe('acme');
  });

  it('has no team on /admin and on auth screens', () => {
    expect(teamSlugFromPath('/admin')).toBeUndefined();
    expect(teamSlugFromPath('/admin/auth/sign-in')).toBeUndefined();
  });
});

describe('teamHref', () => {
  it('prefixes in-team links with /admin/{team}', () => {
    expect(teamHref('acme', '/settings/team')).toBe('/admin/acme/settings/team');
    expect(teamHref('acme')).toBe('/admin/acme');
  });
});
