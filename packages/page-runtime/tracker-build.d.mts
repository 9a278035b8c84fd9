import type { BuildOptions } from 'esbuild';

export const trackerEntry: string;
export const trackerOutfile: string;
export const trackerSources: string[];
export const BOOTSTRAP_NAME: string;
export const TRACKER_BUDGET_GZIP_BYTES: number;
export const trackerBuildOptions: BuildOptions;
export const previewEntry: string;
export const previewOutfile: string;
export const previewBuildOptions: BuildOptions;
