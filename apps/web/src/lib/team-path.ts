import { teamScreenPath } from '@kindling/domain';
import { useLocation } from 'react-router';

/** The team is the second segment of the browser path: /admin/{teamSlug}/... */
export function teamSlugFromPath(pathname: string): string | undefined {
  const segment = pathname.split('/')[2];
  if (!segment || segment === 'auth') return undefined;
  return decodeURIComponent(segment);
}

/** An in-team link: /admin/{teamSlug}{path} */
export function teamHref(teamSlug: string, path = ''): string {
  return teamScreenPath(teamSlug, path);
}

export function useTeamSlug(): string {
  const { pathname } = useLocation();
  const slug = teamSlugFromPath(pathname);
  if (!slug) throw new Error('useTeamSlug is only available on team routes (/admin/{team}/...)');
  return slug;
}

/** Builds in-team links for the current team. */
export function useTeamHref(): (path?: string) => string {
  const slug = useTeamSlug();
  return (path = '') => teamHref(slug, path);
}
