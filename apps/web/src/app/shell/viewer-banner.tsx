import { TEAM_ROLE_MESSAGES } from '@kindling/domain';
import { useTeamSlug } from '../../lib/team-path';
import { useUserContext } from '../../lib/user-context';
import styles from './guest-banner.module.css';

/** Across the top of the app for a viewer of this team: everything is to look at, not change. */
export function ViewerBanner() {
  const slug = useTeamSlug();
  const context = useUserContext(slug);
  const team = context.data?.teams.find((candidate) => candidate.slug === slug);
  if (team?.role !== 'viewer') return null;
  return (
    <div className={styles.banner} role="region" aria-label="Viewer" data-testid="viewer-banner">
      <p className={styles.text}>{TEAM_ROLE_MESSAGES.viewerReadOnly}</p>
    </div>
  );
}
