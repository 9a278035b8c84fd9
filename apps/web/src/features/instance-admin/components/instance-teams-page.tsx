import {
  FEATURE_FLAGS,
  INSTANCE_ADMIN_MESSAGES,
  pageBlocks,
  type SubscriptionState,
} from '@kindling/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { FEATURE_FLAG_TEXT } from '../../../lib/feature-flag-text';
import { pluralize } from '../../../lib/format';
import { teamHref } from '../../../lib/team-path';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { EmptyState } from '../../../ui/empty-state';
import { ErrorPanel } from '../../../ui/error-panel';
import { TextField } from '../../../ui/field';
import { PageHeader } from '../../../ui/page-header';
import { Pagination } from '../../../ui/pagination';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import type { InstanceTeam } from '../api/instance-admin-api';
import { useInstanceTeams, useSetInstanceFlag, type FlagChange } from '../hooks/use-instance-teams';
import styles from './instance-teams-page.module.css';

const STATE_TEXT: Record<SubscriptionState, { label: string; tone: BadgeTone }> = {
  paid: { label: 'Paid', tone: 'success' },
  on_trial: { label: 'On trial', tone: 'info' },
  trial_ended: { label: 'Trial ended', tone: 'warning' },
  period_ended: { label: 'Period ended', tone: 'warning' },
  none: { label: 'No subscription', tone: 'neutral' },
};

/** /admin/{team}/instance/teams: feature flags of every team, for instance administrators. */
export function InstanceTeamsPage() {
  useDocumentTitle('Instance admin');
  const { isInstanceAdmin, slug } = useCurrentTeam();
  if (!isInstanceAdmin) {
    return (
      <div data-testid="instance-admin-refused">
        <EmptyState
          title="Instance administrators only"
          description={INSTANCE_ADMIN_MESSAGES.forbidden}
          action={
            <ButtonLink to={teamHref(slug, '/campaigns')} variant="outline" color="secondary">
              Back to campaigns
            </ButtonLink>
          }
        />
      </div>
    );
  }
  return <InstanceTeams />;
}

function InstanceTeams() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Math.trunc(Number(params.get('page') ?? '1')) || 1);
  const teams = useInstanceTeams(debounced, page);
  const setFlag = useSetInstanceFlag();

  function update(next: { search?: string; page?: number }) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.search !== undefined) {
          if (next.search) updated.set('search', next.search);
          else updated.delete('search');
          updated.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page <= 1) updated.delete('page');
          else updated.set('page', String(next.page));
        }
        return updated;
      },
      { replace: next.search !== undefined },
    );
  }

  const data = teams.data;
  return (
    <div>
      <PageHeader
        eyebrow="Instance admin"
        title="Teams"
        description={
          data
            ? `${pluralize(data.totalItems, 'team')}${debounced ? ` matching “${debounced}”` : ' on this installation'}`
            : 'Every team on this installation'
        }
      />
      <Card
        title="Feature flags"
        description="Turn features on or off for a team. Its owners see the same switches in Settings → Team → Labs and may change them again."
      >
        <TextField
          label="Search teams"
          hint="A part of the team's name or slug"
          className={styles.search}
          type="search"
          value={search}
          maxLength={100}
          placeholder="Search by name or slug"
          onChange={(event) => {
            setSearch(event.target.value);
            update({ search: event.target.value.trim() });
          }}
        />
        {teams.isPending ? (
          <Skeleton className={styles.loading} />
        ) : teams.isError ? (
          <ErrorPanel
            title="Could not load the teams"
            error={teams.error}
            onRetry={() => void teams.refetch()}
          />
        ) : data && data.teams.length === 0 ? (
          <p className={styles.none}>No team matches this search.</p>
        ) : data ? (
          <TeamTable
            teams={data.teams}
            pending={setFlag.isPending ? setFlag.variables : undefined}
            onChange={(change) => setFlag.mutate(change)}
          />
        ) : null}
        {data ? (
          <Pagination
            page={data.page}
            pageCount={data.totalPages}
            blocks={pageBlocks(data.page, data.totalPages)}
            onPageChange={(next) => update({ page: next })}
            label="Team pages"
          />
        ) : null}
      </Card>
    </div>
  );
}

function TeamTable({
  teams,
  pending,
  onChange,
}: {
  teams: InstanceTeam[];
  pending: FlagChange | undefined;
  onChange: (change: FlagChange) => void;
}) {
  return (
    <table className={styles.table} aria-label="Teams" data-testid="instance-teams">
      <thead>
        <tr>
          <th scope="col">Team</th>
          <th scope="col">Members</th>
          <th scope="col">Subscription</th>
          {FEATURE_FLAGS.map((flag) => (
            <th scope="col" key={flag} className={styles.flagHead}>
              {FEATURE_FLAG_TEXT[flag].title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {teams.map((team) => (
          <tr key={team.slug} data-testid={`instance-team-${team.slug}`}>
            <th scope="row" className={styles.team}>
              <span className={styles.name}>{team.name}</span>
              <span className={styles.slug}>{team.slug}</span>
            </th>
            <td data-label="Members">{team.memberCount}</td>
            <td data-label="Subscription">
              <Badge tone={STATE_TEXT[team.subscriptionState].tone}>
                {STATE_TEXT[team.subscriptionState].label}
              </Badge>
            </td>
            {FEATURE_FLAGS.map((flag) => {
              const busy = pending?.team === team.slug && pending.flag === flag;
              const checked = busy ? pending.enabled : team.featureFlags.includes(flag);
              return (
                <td key={flag} data-label={FEATURE_FLAG_TEXT[flag].title} className={styles.flag}>
                  <Switch
                    checked={checked}
                    label={`${FEATURE_FLAG_TEXT[flag].title} for ${team.name}`}
                    disabled={pending !== undefined}
                    onCheckedChange={(enabled) =>
                      onChange({ team: team.slug, teamName: team.name, flag, enabled })
                    }
                    data-testid={`instance-flag-${team.slug}-${flag}`}
                  />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
