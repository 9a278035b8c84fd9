import {
  instantOfWallTime,
  wallTimeInZone,
  type Campaign,
  type CampaignSchedule,
} from '@kindling/domain';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FormError, TextField } from '../../../ui/field';
import { useSaveSchedule, useScheduleWatch } from '../hooks/use-campaign-schedule';
import styles from './schedule-card.module.css';

/** A field's words for the two times; the zone is the team's (settings), said beside each. */
const FIELDS = {
  startAt: { label: 'Start at', help: 'The campaign is switched on then.' },
  stopAt: { label: 'Stop at', help: 'The campaign is paused then.' },
} as const;
type Field = keyof typeof FIELDS;

const STATE_BADGE: Record<CampaignSchedule['state'], { tone: BadgeTone; text: string } | null> = {
  none: null,
  'start-pending': { tone: 'info', text: 'Scheduled' },
  'stop-pending': { tone: 'info', text: 'Stop scheduled' },
  'start-refused': { tone: 'danger', text: 'Start refused' },
  done: { tone: 'neutral', text: 'Done' },
};

const wallOf = (iso: string | null, zone: string) => (iso ? wallTimeInZone(iso, zone) : '');

/**
 * "Schedule" on the campaign page (issue 31): start at / stop at on the team's clocks. The API
 * takes instants, so the wall times are turned into instants in the team's zone here; what the
 * schedule is doing (the sentence, the state) is the server's answer, shown as it is.
 */
export function ScheduleCard({
  team,
  campaign,
  readOnly,
}: {
  team: string;
  campaign: Campaign;
  /** A viewer, a guest, an ended test or a demo: shown, not changed. */
  readOnly: boolean;
}) {
  const schedule = campaign.schedule;
  const zone = schedule?.timeZone ?? 'UTC';
  const stored = {
    startAt: wallOf(schedule?.startAt ?? null, zone),
    stopAt: wallOf(schedule?.stopAt ?? null, zone),
  };
  const [edited, setEdited] = useState<Record<Field, string> | null>(null);
  const values = edited ?? stored;
  const save = useSaveSchedule(team, campaign.id);
  useScheduleWatch(team, campaign);
  if (!schedule) return null;

  const fields = isApiError(save.error) ? save.error.fields : {};
  const formError =
    save.error && !fields.startAt && !fields.stopAt ? errorMessage(save.error) : null;
  const badge = STATE_BADGE[schedule.state];
  const change = (field: Field, value: string) => {
    save.reset();
    setEdited({ ...values, [field]: value });
  };
  const send = (next: Record<Field, string>) => {
    // A value the browser did not write as a wall time goes as it is: the server says why.
    const instant = (wall: string) => (wall ? (instantOfWallTime(wall, zone) ?? wall) : null);
    save.mutate(
      { startAt: instant(next.startAt), stopAt: instant(next.stopAt) },
      { onSuccess: () => setEdited(null) },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(values);
  };
  const unchanged = values.startAt === stored.startAt && values.stopAt === stored.stopAt;

  return (
    <Card
      title="Schedule"
      description={`Times are in ${zone.replace(/_/g, ' ')}, the team's time zone.`}
      actions={badge ? <Badge tone={badge.tone}>{badge.text}</Badge> : null}
      data-testid="schedule-card"
    >
      <p
        className={schedule.state === 'start-refused' ? styles.refused : styles.summary}
        data-testid="schedule-summary"
        aria-live="polite"
      >
        {schedule.summary}
      </p>
      {readOnly ? null : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormError message={formError} />
          {(Object.keys(FIELDS) as Field[]).map((field) => (
            <TextField
              key={field}
              type="datetime-local"
              label={FIELDS[field].label}
              hint={`${FIELDS[field].help} ${zone.replace(/_/g, ' ')} time.`}
              value={values[field]}
              onChange={(event) => change(field, event.target.value)}
              error={fields[field]}
              data-testid={`schedule-${field}`}
            />
          ))}
          <div className={styles.actions}>
            <Button
              type="submit"
              loading={save.isPending}
              loadingText="Saving…"
              disabled={unchanged}
              data-testid="schedule-save"
            >
              Save schedule
            </Button>
            {schedule.state === 'none' && !values.startAt && !values.stopAt ? null : (
              <Button
                type="button"
                variant="outline"
                color="secondary"
                disabled={save.isPending}
                onClick={() => send({ startAt: '', stopAt: '' })}
                data-testid="schedule-clear"
              >
                Clear
              </Button>
            )}
          </div>
        </form>
      )}
    </Card>
  );
}
