import type { CampaignSchedule } from '@kindling/domain';
import { Badge } from '../../../ui/badge';

/** The schedule's badges as the server wrote them ("Starts Tue 1 Dec, 09:00", "Stops …"). */
export function ScheduleBadges({ schedule }: { schedule: CampaignSchedule | null | undefined }) {
  if (!schedule?.badges.length) return null;
  const tone = schedule.state === 'start-refused' ? 'danger' : 'info';
  return (
    <>
      {schedule.badges.map((badge) => (
        <span key={badge} data-testid="schedule-badge" title={`${badge} (${schedule.timeZone})`}>
          <Badge tone={tone}>{badge}</Badge>
        </span>
      ))}
    </>
  );
}
