import type { WaitlistEntryView } from '@kindling/domain';
import { useCurrentTeam } from '../../../lib/current-team';
import { formatDate } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { LoadingState } from '../../../ui/spinner';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useChangeWaitlist, useWaitlist } from '../hooks/use-waitlist';
import styles from './coming-soon-card.module.css';

/**
 * Settings -> Team, below Labs: capabilities this server does not have yet. Any member puts the
 * team on an entry's waitlist or takes it off; the card says since when and who asked.
 */
export function ComingSoonCard() {
  const { slug, isReadOnly } = useCurrentTeam();
  const waitlist = useWaitlist(slug);
  const change = useChangeWaitlist(slug);

  function toggle(entry: WaitlistEntryView) {
    change.mutate(
      { entry: entry.key, join: !entry.waiting },
      {
        onSuccess: () =>
          toastSuccess(
            entry.waiting
              ? `Left the waitlist for ${entry.title}`
              : `Joined the waitlist for ${entry.title}`,
          ),
        onError: (error) => toastError(error),
      },
    );
  }

  return (
    <Card
      title={
        <>
          Coming soon <Badge tone="info">Waitlist</Badge>
        </>
      }
      description="Not on this server yet. Join a waitlist to tell us what your team needs next."
      data-testid="coming-soon"
    >
      {waitlist.isPending ? (
        <LoadingState />
      ) : waitlist.isError ? (
        <ErrorPanel
          title="Could not load the waitlist"
          error={waitlist.error}
          onRetry={() => void waitlist.refetch()}
        />
      ) : (
        <ul className={styles.list} aria-label="Coming soon">
          {waitlist.data.entries.map((entry) => {
            const busy = change.isPending && change.variables.entry === entry.key;
            return (
              <li key={entry.key} className={styles.row} data-testid={`waitlist-${entry.key}`}>
                <div className={styles.text}>
                  <span className={styles.title}>
                    {entry.title}
                    {entry.kind === 'integration' ? <Badge>Integration</Badge> : null}
                  </span>
                  <span className={styles.description}>{entry.description}</span>
                  {entry.waiting ? (
                    <span className={styles.waiting} data-testid="waitlist-status">
                      Your team is on the waitlist
                      {entry.joinedAt ? ` since ${formatDate(entry.joinedAt)}` : ''}
                      {entry.joinedBy ? ` (asked by ${entry.joinedBy})` : ''}
                    </span>
                  ) : null}
                </div>
                {isReadOnly ? null : (
                  <Button
                    size="sm"
                    variant={entry.waiting ? 'outline' : 'solid'}
                    loading={busy}
                    disabled={change.isPending && !busy}
                    onClick={() => toggle(entry)}
                    aria-label={`${entry.waiting ? 'Leave' : 'Join'} waitlist for ${entry.title}`}
                  >
                    {entry.waiting ? 'Leave' : 'Join waitlist'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
