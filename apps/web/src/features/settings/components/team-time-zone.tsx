import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCurrentTeam } from '../../../lib/current-team';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, SelectField } from '../../../ui/field';
import { toastSuccess } from '../../../ui/toast';
import { setTeamTimeZone, teamKey, type TeamDetails } from '../api/settings-api';
import { timeZones, zoneLabel } from '../state/time-zones';
import styles from './settings-form.module.css';

export const TEAM_TIME_ZONE_OWNERS_ONLY = "Only team owners can change the team's time zone.";

/** The zone campaign schedules are shown and edited in (issue 31); owners change it. */
export function TeamTimeZone({ team }: { team: TeamDetails }) {
  const { isOwner } = useCurrentTeam();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(team.timeZone);
  const zones = useMemo(() => timeZones(team.timeZone), [team.timeZone]);
  const mutation = useMutation({
    mutationFn: (timeZone: string) => setTeamTimeZone(team.slug, timeZone),
    onSuccess: async (saved) => {
      queryClient.setQueryData(teamKey(team.slug), saved);
      // Every campaign's schedule is written in the zone: read them again.
      await queryClient.invalidateQueries({ queryKey: ['campaign', team.slug] });
      await queryClient.invalidateQueries({ queryKey: ['campaigns', team.slug] });
      toastSuccess('Time zone saved');
    },
  });
  const fieldError = isApiError(mutation.error) ? mutation.error.fields.timeZone : undefined;
  const formError = mutation.error && !fieldError ? errorMessage(mutation.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate(chosen);
  }

  return (
    <Card
      title="Time zone"
      description="Campaign schedules (start at, stop at) are shown and edited in this zone."
      data-testid="team-time-zone"
    >
      <form className={styles.form} onSubmit={submit}>
        <FormError message={formError} />
        <SelectField
          label="Team time zone"
          value={chosen}
          disabled={!isOwner}
          hint={isOwner ? undefined : TEAM_TIME_ZONE_OWNERS_ONLY}
          error={fieldError}
          onChange={(event) => {
            mutation.reset();
            setChosen(event.target.value);
          }}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </SelectField>
        {isOwner ? (
          <div className={styles.actions}>
            <Button
              type="submit"
              loading={mutation.isPending}
              loadingText="Saving…"
              disabled={chosen === team.timeZone}
            >
              Save time zone
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
