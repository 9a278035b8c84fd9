import { AUDIT_ENTITIES, type AuditEntity } from '@kindling/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { downloadBlob } from '../../../lib/download';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorPanel } from '../../../ui/error-panel';
import { SelectField, TextField } from '../../../ui/field';
import { LoadingState } from '../../../ui/spinner';
import { toastError } from '../../../ui/toast';
import { fetchAuditCsv } from '../api/audit-log-api';
import { useAuditLog } from '../hooks/use-audit-log';
import { filtersFromSearch, searchOf, type AuditFilters } from '../state/audit-filters';
import { AuditEntryItem } from './audit-entry-item';
import styles from './audit-log.module.css';

/**
 * The team's audit log (issue 33): every change of its campaigns, variants, goals, schedules,
 * pages, members, API keys, webhooks, settings and billing, newest first, filtered by what was
 * changed, who changed it and when; the filters live in the address. Owners only.
 */
export function AuditLogPage() {
  useDocumentTitle('Audit log');
  const { isOwner } = useCurrentTeam();
  if (!isOwner) {
    return (
      <Card title="Audit log">
        <EmptyState
          title="Only team owners can see the audit log"
          description="Ask an owner of this team what changed."
        />
      </Card>
    );
  }
  return <OwnersAuditLog />;
}

function OwnersAuditLog() {
  const { slug } = useCurrentTeam();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const log = useAuditLog(slug, filters);
  const [exporting, setExporting] = useState(false);
  const set = (next: AuditFilters) => setSearch(searchOf(next), { replace: true });

  const exportCsv = async () => {
    setExporting(true);
    try {
      downloadBlob(await fetchAuditCsv(slug, filters), 'audit-log.csv');
    } catch (error) {
      toastError(error);
    } finally {
      setExporting(false);
    }
  };

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card
      title="Audit log"
      description="Every change to this team's campaigns, variants, goals, schedules, pages, members, API keys, webhooks, settings and billing: who made it, when, and what it was before and after."
      actions={
        <Button
          variant="outline"
          color="secondary"
          size="sm"
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </Button>
      }
    >
      <div className={styles.filters} role="group" aria-label="Filters">
        <SelectField
          label="What"
          value={filters.entity ?? ''}
          onChange={(event) =>
            set({ ...filters, entity: (event.target.value || undefined) as AuditEntity })
          }
        >
          <option value="">Everything</option>
          {Object.entries(AUDIT_ENTITIES).map(([entity, label]) => (
            <option key={entity} value={entity}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Who"
          value={filters.actor ?? ''}
          onChange={(event) => set({ ...filters, actor: event.target.value || undefined })}
        >
          <option value="">Anyone</option>
          <option value="system">Kindling (automatic)</option>
          {filters.actor && filters.actor !== 'system' ? (
            <option value={filters.actor}>The one picked in the list</option>
          ) : null}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={filters.from ?? ''}
          onChange={(event) => set({ ...filters, from: event.target.value || undefined })}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to ?? ''}
          onChange={(event) => set({ ...filters, to: event.target.value || undefined })}
        />
      </div>
      {filters.campaignId ? (
        <p className={styles.scope}>
          Campaign #{filters.campaignId} only.{' '}
          <button
            type="button"
            className={styles.link}
            onClick={() => set({ ...filters, campaignId: undefined })}
          >
            Show every campaign
          </button>
        </p>
      ) : null}
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <ErrorPanel error={log.error} onRetry={() => void log.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState title="No changes" description="Nothing was changed that these filters show." />
      ) : (
        <>
          <ol className={styles.list} aria-label="Changes, newest first">
            {entries.map((entry) => (
              <AuditEntryItem
                key={entry.id}
                entry={entry}
                onActor={(actor) => set({ ...filters, actor })}
              />
            ))}
          </ol>
          {log.hasNextPage ? (
            <Button
              variant="outline"
              color="secondary"
              loading={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              Show older changes
            </Button>
          ) : null}
        </>
      )}
    </Card>
  );
}
