import { newestSourceMtime } from '@kindling/page-runtime/agent-build';
import {
  previewBuildOptions,
  previewOutfile,
  trackerSources,
} from '@kindling/page-runtime/tracker-build';
import { freshBundle } from '../../bundles/fresh-bundle';

/** The variant preview script (packages/page-runtime/src/variant-preview), minified. */
export const variantPreviewBundle = freshBundle({
  name: 'variant preview',
  outfile: previewOutfile,
  newestSourceMtime: () => newestSourceMtime(trackerSources),
  build: previewBuildOptions,
});
