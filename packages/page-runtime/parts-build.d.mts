import type { BuildOptions } from 'esbuild';

export const trackerPartBuildOptions: Record<
  'vitals' | 'identify' | 'forward' | 'targeting',
  BuildOptions
>;
