import { FEATURE_FLAGS, type FeatureFlag } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentTeam } from '../../../lib/current-team';
import { invalidateUserContext } from '../../../lib/user-context';
import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { Switch } from '../../../ui/switch';
import { toastError, toastSuccess } from '../../../ui/toast';
import { setFeatureFlag, teamKey, type TeamDetails } from '../api/settings-api';
import styles from './settings-form.module.css';

const FLAG_TEXT: Record<FeatureFlag, { title: string; description: string }> = {
  campaign_date_compare: {
    title: 'Compare date ranges',
    description: 'Compare two periods side by side in campaign statistics.',
  },
  calendar: {
    title: 'Calendar',
    description: 'Pick the statistics date range from a calendar.',
  },
  view_variant: {
    title: 'View variant',
    description:
      'Open a variant or the original on your live page with a private one-hour link. Previews are never counted.',
  },
  variant_advanced_mode: {
    title: 'Advanced (HTML) variants',
    description: 'Write text variants as HTML instead of plain text.',
  },
};

export function LabsFeatures({ team }: { team: TeamDetails }) {
  const { isOwner } = useCurrentTeam();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: ({ flag, enabled }: { flag: FeatureFlag; enabled: boolean }) =>
      setFeatureFlag(team.slug, flag, enabled),
    onSuccess: async (featureFlags, { flag, enabled }) => {
      queryClient.setQueryData<TeamDetails>(teamKey(team.slug), (current) =>
        current ? { ...current, featureFlags } : current,
      );
      await invalidateUserContext(queryClient);
      toastSuccess(`${FLAG_TEXT[flag].title} ${enabled ? 'enabled' : 'disabled'}`);
    },
    onError: (error) => toastError(error),
  });

  return (
    <Card
      title={
        <>
          Labs features <Badge tone="brand">Beta</Badge>
        </>
      }
      description={
        isOwner
          ? 'Try features that are still being polished. They apply to everyone in the team.'
          : 'Only team owners can change Labs features.'
      }
    >
      <ul className={styles.list} aria-label="Labs features">
        {FEATURE_FLAGS.map((flag) => {
          const pending = mutation.isPending && mutation.variables.flag === flag;
          const enabled = pending ? mutation.variables.enabled : team.featureFlags.includes(flag);
          return (
            <li key={flag} className={styles.row}>
              <div className={styles.rowText}>
                <span className={styles.rowTitle}>{FLAG_TEXT[flag].title}</span>
                <span className={styles.rowDescription}>{FLAG_TEXT[flag].description}</span>
              </div>
              <Switch
                checked={enabled}
                onCheckedChange={(next) => mutation.mutate({ flag, enabled: next })}
                label={FLAG_TEXT[flag].title}
                disabled={!isOwner || mutation.isPending}
                data-testid={`feature-flag-${flag}`}
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
