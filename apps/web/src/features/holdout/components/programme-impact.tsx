import type { ProgrammeState } from '@kindling/domain';
import { useCurrentTeam } from '../../../lib/current-team';
import { formatCount, formatDate, formatShare } from '../../../lib/format';
import { teamHref } from '../../../lib/team-path';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ErrorPanel } from '../../../ui/error-panel';
import { useHoldout } from '../hooks/use-holdout';
import styles from './holdout.module.css';

const TONES: Record<ProgrammeState, BadgeTone> = {
  off: 'neutral',
  collecting: 'info',
  lifted: 'success',
  hurt: 'danger',
  no_difference: 'neutral',
};
const LABELS: Record<ProgrammeState, string> = {
  off: 'Off',
  collecting: 'Too early',
  lifted: 'Lift',
  hurt: 'Worse',
  no_difference: 'No difference yet',
};

/**
 * The campaigns' overview: everyone in campaigns against the global holdout, as the API compares
 * them (issue 31). Shown once the team holds visitors out, or has figures from when it did.
 */
export function ProgrammeImpact() {
  const { slug, user, isOwner } = useCurrentTeam();
  const holdout = useHoldout(slug);
  const report = holdout.data;
  if (holdout.isError) {
    return (
      <div className={styles.impact}>
        <ErrorPanel
          title="Could not load the holdout's comparison"
          error={holdout.error}
          onRetry={() => void holdout.refetch()}
        />
      </div>
    );
  }
  if (!report || (report.percent === 0 && report.holdout.visitors === 0)) return null;
  const { impact } = report;
  const groups = [
    {
      key: 'holdout',
      label: report.percent ? `Held out (${report.percent}%)` : 'Held out (holdout now off)',
      counts: report.holdout,
      rate: impact.holdoutRate,
    },
    {
      key: 'exposed',
      label: 'In your campaigns',
      counts: report.exposed,
      rate: impact.exposedRate,
    },
  ];
  return (
    <Card
      className={styles.impact}
      title="All your tests together"
      description={
        report.since
          ? `Visitors who saw no campaign against everyone else, since ${formatDate(report.since, user.preferences.timezone)}.`
          : 'Visitors who see no campaign against everyone else: counting starts with the next visitor.'
      }
      data-testid="programme-impact"
    >
      <dl className={styles.groups}>
        {groups.map(({ key, label, counts, rate }) => (
          <div key={key} className={styles.group} data-testid={`programme-${key}`}>
            <dt className={styles.groupLabel}>{label}</dt>
            <dd className={styles.rate}>{rate === null ? '—' : formatShare(rate)}</dd>
            <dd className={styles.counts}>
              {formatCount(counts.conversions)} of {formatCount(counts.visitors)} visitors converted
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.sentence} data-testid="programme-sentence">
        <Badge tone={TONES[impact.state]}>{LABELS[impact.state]}</Badge>
        <span>{impact.sentence}</span>
      </p>
      {isOwner ? (
        <ButtonLink
          to={teamHref(slug, '/settings/team')}
          variant="link"
          size="sm"
          className={styles.change}
        >
          Change the holdout
        </ButtonLink>
      ) : null}
    </Card>
  );
}
