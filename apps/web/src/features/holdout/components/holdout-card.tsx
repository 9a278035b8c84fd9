import { HOLDOUT_MAX_PERCENT, holdoutPercentSchema } from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useCurrentTeam } from '../../../lib/current-team';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useConfirm } from '../../../ui/confirm-dialog';
import { ErrorPanel } from '../../../ui/error-panel';
import { FormError, TextField } from '../../../ui/field';
import { LoadingState } from '../../../ui/spinner';
import { toastSuccess } from '../../../ui/toast';
import type { HoldoutReport } from '../api/holdout-api';
import { useHoldout, useSaveHoldout } from '../hooks/use-holdout';
import styles from './holdout.module.css';

export const HOLDOUT_OWNERS_ONLY = 'Only team owners can change the holdout.';

/** Settings -> Team: the share of visitors held out of every campaign (issue 31). */
export function HoldoutCard() {
  const { slug } = useCurrentTeam();
  const holdout = useHoldout(slug);
  return (
    <Card
      title="Global holdout"
      description="A share of your visitors who see no campaign at all. Their conversion, against everyone else's, shows what all your tests together did."
      data-testid="holdout-card"
    >
      {holdout.isPending ? (
        <LoadingState />
      ) : holdout.isError ? (
        <ErrorPanel
          title="Could not load the holdout"
          error={holdout.error}
          onRetry={() => void holdout.refetch()}
        />
      ) : (
        <HoldoutForm team={slug} report={holdout.data} />
      )}
    </Card>
  );
}

function HoldoutForm({ team, report }: { team: string; report: HoldoutReport }) {
  const { isOwner } = useCurrentTeam();
  const confirm = useConfirm();
  const save = useSaveHoldout(team);
  const [text, setText] = useState(String(report.percent));
  const [invalid, setInvalid] = useState<string>();
  const fieldError =
    invalid ?? (isApiError(save.error) ? save.error.fields.percent : undefined) ?? undefined;
  const formError = save.error && !fieldError ? errorMessage(save.error) : null;
  const counted = report.holdout.visitors + report.exposed.visitors;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = holdoutPercentSchema.safeParse(text.trim() === '' ? NaN : Number(text));
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]!.message);
      return;
    }
    const counts = counted.toLocaleString('en');
    const question =
      parsed.data === 0
        ? {
            title: 'Turn the holdout off?',
            message: `Every visitor can be in your campaigns again. The comparison of the ${counts} visitors counted so far stays on the campaigns' overview; counting stops.`,
            confirmLabel: 'Turn it off',
          }
        : {
            title: 'Start the comparison again?',
            message: `A new share draws the holdout again, so the ${counts} visitors counted so far are set aside and counting starts from zero.`,
            confirmLabel: 'Change the holdout',
          };
    if (counted > 0 && !(await confirm(question))) return;
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        toastSuccess(saved.percent ? `Holdout set to ${saved.percent}%` : 'Holdout turned off'),
    });
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <FormError message={formError} />
      <TextField
        label="Visitors held out (%)"
        type="number"
        inputMode="numeric"
        min={0}
        max={HOLDOUT_MAX_PERCENT}
        step={1}
        value={text}
        readOnly={!isOwner}
        error={fieldError}
        hint={
          isOwner
            ? `0 turns it off; at most ${HOLDOUT_MAX_PERCENT}%. The more you hold out, the sooner the comparison is clear, and the fewer visitors your tests reach.`
            : HOLDOUT_OWNERS_ONLY
        }
        onChange={(event) => {
          save.reset();
          setInvalid(undefined);
          setText(event.target.value);
        }}
      />
      {isOwner ? (
        <div className={styles.actions}>
          <Button
            type="submit"
            loading={save.isPending}
            loadingText="Saving…"
            disabled={text === String(report.percent)}
          >
            Save holdout
          </Button>
        </div>
      ) : null}
    </form>
  );
}
