import type { TrackerBootstrap } from '@kindling/domain';
import { loadTargeting } from './targeting-loader';
import { startTracker } from './tracker';

// The tracker of a team whose campaigns have page rules or audiences, or that holds visitors out
// (issue 31): the same runtime, with the targeting part fetched beside the config
// (get-tracker-script.ts picks the bundle).
declare const KINDLING_BOOTSTRAP: TrackerBootstrap;

startTracker(KINDLING_BOOTSTRAP, undefined, loadTargeting(KINDLING_BOOTSTRAP.c));
