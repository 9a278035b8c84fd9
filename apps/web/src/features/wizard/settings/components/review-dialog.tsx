import {
  CAMPAIGN_TYPE_LABELS,
  CONFIRM_DIALOG_WIDTH_PX,
  elementLabel,
  servedVersions,
} from '@kindling/domain';
import { Button } from '../../../../ui/button';
import { Dialog } from '../../../../ui/dialog';
import { GoalSummary } from '../../../../ui/goal-summary';
import type { ModalProps } from '../../../../ui/modal-stack';
import type { WizardState } from '../../state/wizard-types';
import styles from './review-dialog.module.css';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function versionsLine(state: WizardState): string {
  const { elements, settings } = state;
  if (elements.length < 2)
    return `${plural(servedVersions(elements, 'together'), 'arm')}, the original included`;
  if (settings.elementMode === 'together') {
    return `Changed together: ${plural(servedVersions(elements, 'together'), 'whole-page arm')}, the original included`;
  }
  return `Each on its own (multivariate): ${plural(servedVersions(elements, 'separate'), 'combination')}`;
}

function audienceLine({ settings }: WizardState): string {
  const share = `${settings.trafficAllocation}% of the page’s visitors`;
  return settings.exclusiveAudienceMode ? `${share}, never in another exclusive campaign` : share;
}

/** The last look before Create (issue 35): what the campaign tests, on whom, and how. */
export function ReviewDialog({ modal, state }: ModalProps<boolean> & { state: WizardState }) {
  const { settings } = state;
  const served = (variants: readonly { isEnabled: boolean }[]) =>
    variants.filter((variant) => variant.isEnabled).length;
  return (
    <Dialog
      modal={modal}
      title="Review your campaign"
      width={CONFIRM_DIALOG_WIDTH_PX}
      data-testid="review-dialog"
      footer={
        <>
          <Button variant="outline" color="secondary" onClick={() => modal.hide(false)}>
            Back to edit
          </Button>
          <Button onClick={() => modal.hide(true)} autoFocus>
            Create campaign
          </Button>
        </>
      }
    >
      <dl className={styles.review}>
        <dt>Name</dt>
        <dd>{settings.name.trim()}</dd>
        <dt>Page</dt>
        <dd className={styles.url}>{state.ingestedUrl}</dd>
        <dt>Elements</dt>
        <dd>
          <ul className={styles.list}>
            {state.elements.map((element) => (
              <li key={element.id}>
                {element.fingerprint ? elementLabel(element.fingerprint) : element.selector}:{' '}
                {plural(served(element.variants), 'variant')}
              </li>
            ))}
          </ul>
        </dd>
        <dt>Versions</dt>
        <dd data-testid="review-versions">{versionsLine(state)}</dd>
        <dt>Goals</dt>
        <dd>
          <ul className={styles.list}>
            {state.goals.map((goal) => (
              <li key={goal.id}>
                <strong>
                  {goal.event.name}
                  {goal.isConversionGoal ? ' (conversion goal)' : ''}
                </strong>
                <GoalSummary goal={goal} />
              </li>
            ))}
          </ul>
          {state.extraMetrics.length > 0 ? (
            <p className={styles.note}>
              And {plural(state.extraMetrics.length, 'revenue or per-session metric')}
            </p>
          ) : null}
        </dd>
        <dt>Audience</dt>
        <dd>{audienceLine(state)}</dd>
        <dt>Traffic split</dt>
        <dd>{CAMPAIGN_TYPE_LABELS[settings.type]}</dd>
        <dt>Starts</dt>
        <dd>
          {settings.isEnabled
            ? 'Running as soon as it is created'
            : 'Paused: switch it on when ready'}
        </dd>
      </dl>
    </Dialog>
  );
}
