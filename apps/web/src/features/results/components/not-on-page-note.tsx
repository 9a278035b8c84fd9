import { formatCount } from '../../../lib/format';
import styles from './campaign-results.module.css';

/**
 * Page views where the campaign runs that had none of its elements (issue 31): the server counts
 * them apart; they are in no figure above.
 */
export function NotOnPageNote({ views }: { views: number }) {
  if (views === 0) return null;
  const pageViews = views === 1 ? '1 page view' : `${formatCount(views)} page views`;
  return (
    <p className={styles.note} data-testid="not-on-page">
      Not on this page: {pageViews} where the campaign runs had none of its elements. They are not
      counted as visits to the test.
    </p>
  );
}
