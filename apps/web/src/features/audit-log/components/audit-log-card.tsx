import { Link } from 'react-router';
import { useCurrentTeam } from '../../../lib/current-team';
import { useTeamHref } from '../../../lib/team-path';
import { buttonClassName } from '../../../ui/button';
import { Card } from '../../../ui/card';

/** On the team settings page, for owners: where the audit log is (issue 33). */
export function AuditLogCard() {
  const { isOwner } = useCurrentTeam();
  const href = useTeamHref();
  if (!isOwner) return null;
  return (
    <Card
      title="Audit log"
      description="Who changed what and when: campaigns, variants, goals, schedules, pages, members, API keys, webhooks, settings and billing, with each change before and after. Kept 400 days unless your instance says otherwise."
      actions={
        <Link
          to={href('/settings/team/audit-log')}
          className={buttonClassName({ variant: 'outline', color: 'secondary', size: 'sm' })}
        >
          Open the audit log
        </Link>
      }
    />
  );
}
