import type { BuildOptions } from 'esbuild';

export const vitalsEntry: string;
export const vitalsBuildOptions: BuildOptions;
