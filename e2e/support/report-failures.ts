import { afterEach } from 'vitest';
import { describeOpenPages } from './failure-report';

// Setup file of the e2e projects (vitest.config.ts): a failed test's log ends with its pages.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  console.log(`The open pages when "${task.name}" failed:\n${await describeOpenPages()}`);
});
