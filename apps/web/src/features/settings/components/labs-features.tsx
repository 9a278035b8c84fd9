import { FEATURE_FLAGS, type FeatureFlag } from '@kindling/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentTeam } from '../../../lib/current-team';
import { FEATURE_FLAG_TEXT } from '../../../lib/feature-flag-text';
import { invalidateUserContext } from '../../../lib/user-context';
import { Badge } from '../../../ui/badge';
import { Card } from '../../../ui/card';
import { Switch } from '../../../ui/switch';
import { toastError, toastSuccess } from '../../../ui/toast';
import { setFeatureFlag, teamKey, type TeamDetails } from '../api/settings-api';
import styles from './settings-form.module.css';

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
      toastSuccess(`${FEATURE_FLAG_TEXT[flag].title} ${enabled ? 'enabled' : 'disabled'}`);
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
                <span className={styles.rowTitle}>{FEATURE_FLAG_TEXT[flag].title}</span>
                <span className={styles.rowDescription}>{FEATURE_FLAG_TEXT[flag].description}</span>
              </div>
              <Switch
                checked={enabled}
                onCheckedChange={(next) => mutation.mutate({ flag, enabled: next })}
                label={FEATURE_FLAG_TEXT[flag].title}
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
