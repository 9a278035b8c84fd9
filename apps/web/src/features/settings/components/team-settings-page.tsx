import { teamNameSchema } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { useCurrentTeam } from '../../../lib/current-team';
import { useDocumentTitle } from '../../../lib/document-title';
import { useForm } from '../../../lib/use-form';
import { invalidateUserContext } from '../../../lib/user-context';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { FormError, TextField } from '../../../ui/field';
import { LoadingState } from '../../../ui/spinner';
import { Stack } from '../../../ui/stack';
import { toastSuccess } from '../../../ui/toast';
import { saveTeam, teamKey, type TeamDetails } from '../api/settings-api';
import { useTeamDetails } from '../hooks/use-team-details';
import { InstallTrackerCard } from '../../../ui/install-tracker-card';
import { ApiKeys } from './api-keys';
import { LabsFeatures } from './labs-features';
import { StatsCorrection } from './stats-correction';
import { TeamTimeZone } from './team-time-zone';
import styles from './settings-form.module.css';

const teamFormSchema = z.object({ name: teamNameSchema });

interface TeamSettingsPageProps {
  /** The intro survey's answers, passed in by the app (another feature). */
  aboutTeam?: ReactNode;
  /** What the team can wait for (the waitlist feature), shown below Labs. */
  comingSoon?: ReactNode;
  /** The global holdout's setting (the holdout feature), shown below Statistics. */
  holdout?: ReactNode;
  /** Webhooks and chat, and analytics forwarding (their features), shown above the API keys. */
  integrations?: ReactNode;
}

export function TeamSettingsPage({
  aboutTeam,
  comingSoon,
  holdout,
  integrations,
}: TeamSettingsPageProps) {
  useDocumentTitle('Team settings');
  const { slug } = useCurrentTeam();
  const team = useTeamDetails(slug);

  if (team.isPending) return <LoadingState />;
  if (team.isError) {
    return <ErrorPanel error={team.error} onRetry={() => void team.refetch()} />;
  }
  return (
    <Stack>
      <TeamProfile team={team.data} />
      {aboutTeam}
      <InstallTrackerCard />
      <TeamTimeZone team={team.data} />
      <StatsCorrection team={team.data} />
      {holdout}
      <LabsFeatures team={team.data} />
      {comingSoon}
      {integrations}
      <ApiKeys />
    </Stack>
  );
}

function TeamProfile({ team }: { team: TeamDetails }) {
  const { isOwner } = useCurrentTeam();
  const queryClient = useQueryClient();
  const form = useForm(teamFormSchema, { name: team.name });
  const [savedName, setSavedName] = useState(team.name);

  const mutation = useMutation({
    mutationFn: (name: string) => saveTeam(team.slug, name),
    onSuccess: async (saved) => {
      queryClient.setQueryData(teamKey(team.slug), saved);
      setSavedName(saved.name);
      await invalidateUserContext(queryClient);
      toastSuccess('Team saved');
    },
    onError: (error) => form.showError(error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.validate()) return;
    mutation.mutate(form.values.name.trim());
  }

  return (
    <Card
      title="Team"
      description={isOwner ? 'The name your members see.' : 'Only team owners can rename the team.'}
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <FormError message={form.formError} />
        <TextField label="Team name" readOnly={!isOwner} {...form.inputProps('name')} />
        <TextField label="Team address" value={`/admin/${team.slug}`} readOnly />
        {isOwner ? (
          <div className={styles.actions}>
            <Button
              type="submit"
              loading={mutation.isPending}
              loadingText="Saving…"
              disabled={form.values.name.trim() === savedName}
            >
              Save
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
