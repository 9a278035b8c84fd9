import { newestSourceMtime } from '@kindling/page-runtime/agent-build';
import {
  trackerBuildOptions,
  trackerOutfile,
  trackerSources,
} from '@kindling/page-runtime/tracker-build';
import { freshBundle } from '../../bundles/fresh-bundle';

/** The tracker runtime (packages/page-runtime/src/tracker), minified. */
export const trackerBundle = freshBundle({
  name: 'tracker',
  outfile: trackerOutfile,
  newestSourceMtime: () => newestSourceMtime(trackerSources),
  buildOptions: trackerBuildOptions,
});
