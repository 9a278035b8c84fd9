import { VARIANT_CODE_KIND_LABELS } from '@kindling/domain';
import { format } from 'date-fns';
import { Card } from '../../../ui/card';
import { useCodeChanges } from '../hooks/use-code-changes';
import styles from './code-changes-card.module.css';

const shown = (text: string | null) => text ?? '(none)';

/**
 * Who changed the campaign's variant CSS and code, when, and from what to what (issue 32):
 * the record the server writes with each change. Nothing shows for a campaign without any.
 */
export function CodeChangesCard({ team, campaignId }: { team: string; campaignId: number }) {
  const changes = useCodeChanges(team, campaignId).data?.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <Card
      title="CSS and code changes"
      description="Every change of a variant's CSS or JavaScript, newest first. It runs on your visitors' pages: check who changed what."
      data-testid="code-changes"
    >
      <ol className={styles.list}>
        {changes.map((change, i) => (
          <li key={i} className={styles.change} data-testid="code-change">
            <p className={styles.who}>
              <strong>{change.by ?? 'Someone whose account is gone'}</strong> changed the{' '}
              {VARIANT_CODE_KIND_LABELS[change.kind]} of variant {change.variantKey} ·{' '}
              <time dateTime={change.at}>{format(new Date(change.at), 'd MMM yyyy, HH:mm')}</time>
            </p>
            <div className={styles.texts}>
              <div>
                <span className={styles.label}>Before</span>
                <pre className={styles.text}>{shown(change.before)}</pre>
              </div>
              <div>
                <span className={styles.label}>After</span>
                <pre className={styles.text}>{shown(change.after)}</pre>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
