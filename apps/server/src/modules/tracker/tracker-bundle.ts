import { newestSourceMtime } from '@kindling/page-runtime/agent-build';
import {
  buildTracker,
  trackerBundles,
  trackerSources,
  type TrackerKind,
} from '@kindling/page-runtime/tracker-build';
import { freshBundle } from '../../bundles/fresh-bundle';

const bundleOf = (kind: TrackerKind) =>
  freshBundle({
    name: `${kind} tracker`,
    outfile: trackerBundles[kind].outfile,
    newestSourceMtime: () => newestSourceMtime(trackerSources),
    build: async () => (await buildTracker(kind)).text,
  });

const bundles = { plain: bundleOf('plain'), html: bundleOf('html') };

/** The tracker runtime (packages/page-runtime/src/tracker), minified, of the given kind. */
export const trackerBundle = (kind: TrackerKind) => bundles[kind]();
