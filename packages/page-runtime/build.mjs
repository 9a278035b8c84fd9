// Builds dist/preview-agent.js, the script the page proxy injects into previewed pages.
import { build } from 'esbuild';
import { agentBuildOptions, agentOutfile } from './agent-build.mjs';

const result = await build({ ...agentBuildOptions, outfile: agentOutfile, metafile: true });
const bytes = Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
console.log(`preview agent: ${agentOutfile} (${(bytes / 1024).toFixed(1)} KB)`);
