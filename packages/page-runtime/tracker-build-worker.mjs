// Runs `buildTracker` off the server's main thread (terser's minifying is synchronous work of
// a few hundred milliseconds): see `buildTrackerOffThread` in tracker-build.mjs.
import { parentPort, workerData } from 'node:worker_threads';
import { buildTracker } from './tracker-build.mjs';

const { text } = await buildTracker(workerData.kind);
parentPort?.postMessage(text);
