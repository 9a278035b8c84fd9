import type { TrackerBootstrap } from '@kindling/domain';
import { sanitizeHtml } from '../sanitize-html';
import { startTracker } from './tracker';

// The tracker of a team whose variants hold HTML (formatted text): the same runtime with the
// HTML allow-list, which the server serves only to such teams (get-tracker-script.ts).
declare const KINDLING_BOOTSTRAP: TrackerBootstrap;

startTracker(KINDLING_BOOTSTRAP, sanitizeHtml);
