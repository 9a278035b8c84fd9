import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu';
import { buttonClassName } from '../../../ui/button';
import { downloadBlob } from '../../../lib/download';
import { toastError, toastSuccess } from '../../../ui/toast';
import { eventsFileName, fetchEventsFile, type EventsFormat } from '../api/events-export-api';

/** The results' range's raw events (exposures, goals, revenue) as NDJSON or CSV (issue 33). */
export function EventsExportMenu({
  team,
  campaignId,
  range,
}: {
  team: string;
  campaignId: number;
  range: { start: string; end: string };
}) {
  async function download(format: EventsFormat) {
    try {
      const file = await fetchEventsFile(team, campaignId, range, format);
      downloadBlob(file, eventsFileName(campaignId, format));
      toastSuccess('Events downloaded');
    } catch (error) {
      toastError(error);
    }
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={buttonClassName({ variant: 'outline', color: 'secondary', size: 'sm' })}
        data-testid="events-export"
      >
        Raw events
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Every event in the shown dates</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => void download('ndjson')}>
          Download NDJSON
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void download('csv')}>Download CSV</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
