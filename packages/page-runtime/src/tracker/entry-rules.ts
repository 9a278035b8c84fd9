import type { TrackerBootstrap } from '@kindling/domain';
import { targeting } from './targeting';
import { startTracker } from './tracker';

// The tracker of a team whose campaigns have page rules or audiences (issue 31): the same
// runtime with the targeting part, which the server serves only to such teams
// (get-tracker-script.ts).
declare const KINDLING_BOOTSTRAP: TrackerBootstrap;

startTracker(KINDLING_BOOTSTRAP, undefined, targeting);
