import {
  agentBuildOptions,
  agentOutfile,
  newestSourceMtime,
} from '@kindling/page-runtime/agent-build';
import { freshBundle } from '../../bundles/fresh-bundle';

/** The preview agent script (packages/page-runtime). */
export const previewAgentScript = freshBundle(
  {
    name: 'preview agent',
    outfile: agentOutfile,
    newestSourceMtime: () => newestSourceMtime(),
    build: agentBuildOptions,
  },
  // The bundle sits inside an inline <script>; "</script" in it would end the element early.
  (source) => source.replaceAll('</script', '<\\/script'),
);
