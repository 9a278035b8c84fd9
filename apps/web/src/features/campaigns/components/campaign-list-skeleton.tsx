import { Skeleton } from '../../../ui/skeleton';
import styles from './campaign-list-skeleton.module.css';

export function CampaignListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className={styles.list} role="status" aria-label="Loading campaigns">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={styles.row}>
          <Skeleton className={styles.thumb} />
          <div className={styles.lines}>
            <Skeleton style={{ width: '40%', height: 16 }} />
            <Skeleton style={{ width: '25%', height: 12 }} />
            <Skeleton style={{ width: '30%', height: 12 }} />
          </div>
          <Skeleton style={{ width: 36, height: 20, borderRadius: 999 }} />
        </div>
      ))}
    </div>
  );
}
