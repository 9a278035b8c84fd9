import type { TrackerBootstrap } from '@kindling/domain';
import { sanitizeHtml } from '../sanitize-html';
import { loadTargeting } from './targeting-loader';
import { startTracker } from './tracker';

// The tracker of a team with HTML variants and campaigns with page rules or audiences.
declare const KINDLING_BOOTSTRAP: TrackerBootstrap;

startTracker(KINDLING_BOOTSTRAP, sanitizeHtml, loadTargeting(KINDLING_BOOTSTRAP.c));
