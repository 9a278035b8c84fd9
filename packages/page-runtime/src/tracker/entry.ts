import type { TrackerBootstrap } from '@kindling/domain';
import { startTracker } from './tracker';

// Entry of the tracker bundle, GET /api/tracker/{team}.js. The server wraps the bundle in a
// function whose parameter is this team's bootstrap (config URL and the selectors to hide).
declare const KINDLING_BOOTSTRAP: TrackerBootstrap;

startTracker(KINDLING_BOOTSTRAP);
