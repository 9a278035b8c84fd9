import type { BuildOptions, Plugin } from 'esbuild';

export const runtimeRoot: string;
export const agentEntry: string;
export const agentOutfile: string;
export const agentSources: string[];
export const agentBuildOptions: BuildOptions;
export function newestSourceMtime(target?: string[]): number;
export const pureDomain: Plugin;
