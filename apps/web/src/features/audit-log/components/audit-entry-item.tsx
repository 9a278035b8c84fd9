import { AUDIT_ACTIONS, AUDIT_ENTITIES, auditActorLabel, type AuditEntry } from '@kindling/domain';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useTeamHref } from '../../../lib/team-path';
import { Badge, type BadgeTone } from '../../../ui/badge';
import styles from './audit-log.module.css';

const ACTION_TONES: Record<AuditEntry['action'], BadgeTone> = {
  insert: 'success',
  update: 'info',
  delete: 'danger',
};

/** "isEnabled" -> "is enabled": a stored field as a person reads it. */
const fieldName = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const shown = (value: unknown): string =>
  value === undefined || value === null
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

interface AuditEntryItemProps {
  entry: AuditEntry;
  /** Shows only the changes this actor made. */
  onActor: (actor: string) => void;
}

/** One change: when, who, what, the fields it touched, and their values before and after. */
export function AuditEntryItem({ entry, onActor }: AuditEntryItemProps) {
  const href = useTeamHref();
  const { actor, changed } = entry;
  const actorKey = actor.type === 'system' ? 'system' : `${actor.type}:${actor.id}`;
  return (
    <li className={styles.entry} data-testid="audit-entry" data-entity={entry.entity}>
      <div className={styles.entryHead}>
        <Badge tone={ACTION_TONES[entry.action]}>{AUDIT_ACTIONS[entry.action]}</Badge>
        <span className={styles.what}>
          {AUDIT_ENTITIES[entry.entity]}
          {entry.entityId ? <span className={styles.muted}> #{entry.entityId}</span> : null}
          {entry.campaignId && entry.entity !== 'campaigns' ? (
            <>
              {' '}
              of{' '}
              <Link to={href(`/campaign/${entry.campaignId}`)}>campaign #{entry.campaignId}</Link>
            </>
          ) : null}
        </span>
        <time className={styles.time} dateTime={entry.at}>
          {formatDateTime(entry.at)}
        </time>
      </div>
      <div className={styles.entryMeta}>
        <button
          type="button"
          className={styles.actor}
          title="Show only the changes by this actor"
          onClick={() => onActor(actorKey)}
        >
          {auditActorLabel(actor)}
        </button>
        {entry.route ? <code className={styles.route}>{entry.route}</code> : null}
      </div>
      {changed.length > 0 ? (
        <details className={styles.details}>
          <summary>
            {entry.action === 'update'
              ? `Changed ${changed.map(fieldName).join(', ')}`
              : `${changed.length} fields`}
          </summary>
          <table className={styles.fields}>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {changed.map((key) => (
                <tr key={key}>
                  <th scope="row">{fieldName(key)}</th>
                  <td>{shown(entry.before?.[key])}</td>
                  <td>{shown(entry.after?.[key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </li>
  );
}
