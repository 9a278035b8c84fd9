import { CAMPAIGN_TYPE_LABELS, DEMO_MESSAGES, type CampaignSummary } from '@kindling/domain';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { displayUrl, formatDate, pluralize, safeHref } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu';
import { ExternalIcon, MoreIcon, TrashIcon } from '../../../ui/icons';
import { PageIdentity } from '../../../ui/page-identity';
import { Switch } from '../../../ui/switch';
import { CampaignThumbnail } from './campaign-thumbnail';
import { ScheduleBadges } from './schedule-badges';
import styles from './campaign-row.module.css';

interface CampaignRowProps {
  campaign: CampaignSummary;
  href: string;
  /** The wizard on a copy of it: a new draft (issue 35). */
  duplicateHref: string;
  timeZone: string;
  onToggle: (isEnabled: boolean) => void;
  onDelete: () => void;
  /** Archive, or unarchive an archived campaign (issue 35). */
  onArchive: (archive: boolean) => void;
  /** Shown between the campaign's facts and its controls (campaign-row-figures.tsx). */
  figures?: ReactNode;
  /** A guest's list: no switch, no delete. */
  readOnly?: boolean;
}

export function CampaignRow({
  campaign,
  href,
  duplicateHref,
  timeZone,
  onToggle,
  onDelete,
  onArchive,
  figures,
  readOnly = false,
}: CampaignRowProps) {
  const navigate = useNavigate();
  return (
    <li
      className={styles.row}
      data-testid="campaign-row"
      data-campaign-id={campaign.id}
      aria-label={campaign.name}
    >
      <Link to={href} className={styles.thumbLink} tabIndex={-1} aria-hidden="true">
        <CampaignThumbnail src={campaign.thumbnail?.small} alt="" />
      </Link>
      <div className={styles.main}>
        <Link to={href} className={styles.name} data-testid="campaign-link">
          {campaign.name}
        </Link>
        <PageIdentity
          ingestedUrl={campaign.ingestedUrl}
          title={campaign.pageTitle}
          favicon={campaign.favicon}
          className={styles.page}
        />
        <a
          href={safeHref(campaign.ingestedUrl)}
          target="_blank"
          rel="noreferrer noopener"
          className={styles.url}
          title={campaign.ingestedUrl}
        >
          {displayUrl(campaign.ingestedUrl)}
          <ExternalIcon size={12} />
        </a>
        <div className={styles.meta}>
          {campaign.isDemo ? (
            <span data-testid="demo-badge">
              <Badge tone="info">{DEMO_MESSAGES.badge}</Badge>
            </span>
          ) : null}
          <Badge>{CAMPAIGN_TYPE_LABELS[campaign.type] ?? campaign.type}</Badge>
          <ScheduleBadges schedule={campaign.schedule} />
          <span>Created {formatDate(campaign.createdAt, timeZone)}</span>
          <span className={styles.dot} aria-hidden="true">
            ·
          </span>
          <span>
            {pluralize(campaign.elementCount, 'element')},{' '}
            {pluralize(campaign.variantCount, 'variant')}
          </span>
        </div>
      </div>
      {figures}
      <div className={styles.controls}>
        <div className={styles.toggle}>
          {/* The switch says the same to a screen reader. */}
          <span
            className={styles.state}
            aria-hidden={campaign.endedAt ? undefined : 'true'}
            data-testid="campaign-status"
          >
            {campaign.archivedAt ? <Badge>Archived</Badge> : null}
            {campaign.endedAt ? (
              <Badge>Ended</Badge>
            ) : (
              <Badge tone={campaign.isEnabled ? 'success' : 'neutral'}>
                {campaign.isEnabled ? 'Enabled' : 'Paused'}
              </Badge>
            )}
          </span>
          {/* An ended test is never switched on again. */}
          {readOnly || campaign.endedAt ? null : (
            <Switch
              checked={campaign.isEnabled}
              onCheckedChange={onToggle}
              label={`Enable ${campaign.name}`}
              data-testid={`campaign-enabled-${campaign.id}`}
            />
          )}
        </div>
        <DropdownMenu>
          <DropdownMenuTrigger
            className={styles.menuButton}
            aria-label={`Actions for ${campaign.name}`}
            data-testid={`campaign-actions-${campaign.id}`}
          >
            <MoreIcon />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => void navigate(href)}>Open</DropdownMenuItem>
            {readOnly || campaign.isDemo ? null : (
              <DropdownMenuItem
                onSelect={() => void navigate(duplicateHref)}
                data-testid={`campaign-duplicate-${campaign.id}`}
              >
                Duplicate
              </DropdownMenuItem>
            )}
            {readOnly ? null : (
              <DropdownMenuItem
                onSelect={() => onArchive(campaign.archivedAt === null)}
                data-testid={`campaign-archive-${campaign.id}`}
              >
                {campaign.archivedAt ? 'Unarchive' : 'Archive'}
              </DropdownMenuItem>
            )}
            {readOnly ? null : (
              <DropdownMenuItem danger icon={<TrashIcon size={16} />} onSelect={onDelete}>
                Delete
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
