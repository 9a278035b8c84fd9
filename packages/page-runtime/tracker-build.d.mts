import type { TrackerBootstrap } from '@kindling/domain';
import type { BuildOptions } from 'esbuild';

export type TrackerKind = 'plain' | 'html' | 'rules' | 'html-rules';
export const trackerSources: string[];
export const BOOTSTRAP_NAME: string;
export function servedTracker(bundle: string, bootstrap: TrackerBootstrap): string;
export const TRACKER_BUDGET_GZIP_BYTES: number;
export const TRACKER_HTML_BUDGET_GZIP_BYTES: number;
export const trackerBundles: Record<TrackerKind, { entry: string; outfile: string }>;
export function buildTracker(kind: TrackerKind): Promise<{ text: string }>;
export function buildTrackerOffThread(kind: TrackerKind): Promise<string>;
export const previewEntry: string;
export const previewOutfile: string;
export const previewBuildOptions: BuildOptions;
