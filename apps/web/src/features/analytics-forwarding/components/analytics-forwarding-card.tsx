import type { ForwardingLabels } from '@kindling/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useCurrentTeam } from '../../../lib/current-team';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { RadioCards } from '../../../ui/radio-cards';
import { LoadingState } from '../../../ui/spinner';
import { toastError, toastSuccess } from '../../../ui/toast';
import { fetchForwarding, forwardingKey, saveForwarding } from '../api/forwarding-api';
import styles from './analytics-forwarding.module.css';

export const FORWARDING_OWNERS_ONLY = 'Only team owners can change analytics forwarding.';

type Choice = 'off' | ForwardingLabels;

const OPTIONS: { value: Choice; label: string; description: ReactNode }[] = [
  {
    value: 'off',
    label: 'Off',
    description: (
      <>
        Nothing is handed on. Hooks your page adds with <code>kindling('on', 'exposure', fn)</code>{' '}
        still run.
      </>
    ),
  },
  {
    value: 'ids',
    label: 'On, with ids',
    description:
      'Campaign and variant ids only (for example "12" and "34"). Your names stay in Kindling.',
  },
  {
    value: 'names',
    label: 'On, with names',
    description:
      "Campaign names and variant names too. Every script on your pages can read them, and your tracker's public config carries them.",
  },
];

const SAVED: Record<Choice, string> = {
  off: 'Analytics forwarding turned off',
  ids: 'Exposures are forwarded with ids',
  names: 'Exposures are forwarded with names',
};

/** Settings -> Team: hand each exposure to the page's analytics tools (issue 33). */
export function AnalyticsForwardingCard() {
  const { slug, isOwner } = useCurrentTeam();
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: forwardingKey(slug),
    queryFn: () => fetchForwarding(slug),
  });
  // The choice shows at once, while it is saved; a refusal puts the saved one back.
  const [chosen, setChosen] = useState<Choice>();
  const save = useMutation({
    mutationFn: (choice: Choice) => saveForwarding(slug, choice === 'off' ? null : choice),
    onSuccess: (saved) => {
      queryClient.setQueryData(forwardingKey(slug), saved);
      toastSuccess(SAVED[saved.labels ?? 'off']);
    },
    onError: (error) => toastError(error),
    onSettled: () => setChosen(undefined),
  });

  return (
    <Card
      title="Analytics forwarding"
      description="Each time a visitor sees a test, Kindling tells the analytics tools on your page: Google Tag Manager's dataLayer, GA4's gtag and Segment's analytics.track, where present."
      data-testid="analytics-forwarding-card"
    >
      {setting.isPending ? (
        <LoadingState />
      ) : setting.isError ? (
        <ErrorPanel
          title="Could not load analytics forwarding"
          error={setting.error}
          onRetry={() => void setting.refetch()}
        />
      ) : (
        <div className={styles.body}>
          <RadioCards
            legend="Forward exposures"
            name="analytics-forwarding"
            layout="column"
            value={chosen ?? setting.data.labels ?? 'off'}
            options={OPTIONS}
            disabled={!isOwner || save.isPending}
            hint={isOwner ? undefined : FORWARDING_OWNERS_ONLY}
            onChange={(choice) => {
              setChosen(choice);
              save.mutate(choice);
            }}
          />
          <p className={styles.note}>
            Events: <code>kindling_exposure</code> in the dataLayer,{' '}
            <code>experience_impression</code> in GA4 and <code>Experiment Viewed</code> in Segment,
            once per exposure, only for visitors who did not refuse consent. The README lists every
            field.
          </p>
        </div>
      )}
    </Card>
  );
}
