import type { Correction } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { CORRECTION_LEGEND, CORRECTION_OPTIONS } from '../../../lib/stats-plan-text';
import { Card } from '../../../ui/card';
import { RadioCards } from '../../../ui/radio-cards';
import { toastError, toastSuccess } from '../../../ui/toast';
import { setStatsCorrection, teamKey, type TeamDetails } from '../api/settings-api';

export const STATS_CORRECTION_OWNERS_ONLY =
  'Only team owners can change how verdicts are corrected.';

/** The team's correction for several variants, used by every campaign's verdicts. */
export function StatsCorrection({ team }: { team: TeamDetails }) {
  const { isOwner } = useCurrentTeam();
  const queryClient = useQueryClient();

  // The choice shows at once, while it is saved; a refusal puts the saved one back.
  const [chosen, setChosen] = useState<Correction>();
  const mutation = useMutation({
    mutationFn: (correction: Correction) => setStatsCorrection(team.slug, correction),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamKey(team.slug), saved);
      toastSuccess('Statistics settings saved');
    },
    onError: (error) => toastError(error),
    onSettled: () => setChosen(undefined),
  });

  return (
    <Card
      title="Statistics"
      description="How every campaign of the team decides its winners when an element has several variants."
      data-testid="stats-correction"
    >
      <RadioCards
        legend={CORRECTION_LEGEND}
        name="stats-correction"
        layout="column"
        value={chosen ?? team.statsCorrection}
        options={CORRECTION_OPTIONS.map((option) => ({
          value: option.value,
          label: option.label,
          description: option.help,
        }))}
        disabled={!isOwner}
        hint={isOwner ? undefined : STATS_CORRECTION_OWNERS_ONLY}
        onChange={(correction) => {
          setChosen(correction);
          mutation.mutate(correction);
        }}
      />
    </Card>
  );
}
