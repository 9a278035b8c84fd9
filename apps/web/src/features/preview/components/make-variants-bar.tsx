import { teamHref } from '../../../lib/team-path';
import { ButtonLink } from '../../../ui/button';
import styles from './preview-pane.module.css';

/** The campaign wizard on this page: /admin/{team}/campaign/new?url=… */
export const makeVariantsHref = (team: string, url: string): string =>
  teamHref(team, `/campaign/new?url=${encodeURIComponent(url)}`);

/**
 * What the preview leads to: variants of the page in the campaign wizard. While a change tried
 * here is on screen, says that visitors do not see it, and that the wizard is where it becomes
 * a variant.
 */
export function MakeVariantsBar({
  team,
  url,
  showingChange,
}: {
  team: string;
  url: string;
  showingChange: boolean;
}) {
  return (
    <div className={styles.makeVariants} data-testid="make-variants-bar">
      <p className={styles.makeVariantsNote} role="status">
        {showingChange
          ? 'You are looking at a changed version of this page. Visitors do not see it until it is a variant in a running campaign.'
          : 'Like what you see? Turn changes to this page into an A/B test.'}
      </p>
      <ButtonLink to={makeVariantsHref(team, url)} size="sm">
        Make variants of this page
      </ButtonLink>
    </div>
  );
}
