import { displayUrl, formatTimeAgo } from '../format';
import type { InstallationStatus } from './tracker-api';

/** A tag silent for longer than this is worth a warning: was it removed from the page? */
export const QUIET_AFTER_MS = 24 * 3_600_000;

export interface InstallationVerdict {
  tone: 'success' | 'warning';
  title: string;
  detail: string;
}

/** What "Check installation" tells the user, from what the server last heard from the tag. */
export function installationVerdict(
  status: InstallationStatus,
  { pageUrl, now = Date.now() }: { pageUrl?: string; now?: number },
): InstallationVerdict {
  if ((!status.seen || !status.lastExposureAt) && status.automatedEvents) {
    const when = status.lastAutomatedAt
      ? ` (last ${formatTimeAgo(status.lastAutomatedAt, now)})`
      : '';
    return {
      tone: 'warning',
      title: 'Only automated visits so far',
      detail:
        `Only automated (bot or headless-browser) visits reached Kindling so far${when}: they ` +
        'are not counted. Open the page in a normal browser to check.',
    };
  }
  if (!status.seen || !status.lastExposureAt) {
    const where = pageUrl ? displayUrl(pageUrl) : 'a page with an enabled campaign';
    return {
      tone: 'warning',
      title: 'Not seen yet',
      detail:
        `No visit has been reported from ${where}. Add the tag, publish, open the page in a ` +
        'browser, then check again. Visits with Do Not Track on or with the tag blocked are ' +
        'not reported.',
    };
  }
  const when = formatTimeAgo(status.lastExposureAt, now);
  const from = status.url ? ` on ${displayUrl(status.url)}` : '';
  if (now - Date.parse(status.lastExposureAt) > QUIET_AFTER_MS) {
    return {
      tone: 'warning',
      title: 'Installed, but quiet',
      detail: `Last visit reported ${when}${from}. Is the tag still on the page?`,
    };
  }
  return { tone: 'success', title: 'Installed', detail: `Last visit reported ${when}${from}.` };
}
