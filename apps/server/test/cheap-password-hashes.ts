import type * as Domain from '@kindling/domain';
import { vi } from 'vitest';

/**
 * Server tests sign up hundreds of accounts, and bcrypt at the production cost (10 rounds, pure
 * JavaScript) was about half of their CPU time. Here every hash costs 4 rounds, the least bcrypt
 * takes; auth.test.ts unmocks this to prove what production stores (10 rounds), and the tests
 * that start the real server process (process.test.ts, e2e) run the real constant too.
 */
export const TEST_PASSWORD_SALT_ROUNDS = 4;

vi.mock('@kindling/domain', async (importOriginal) => ({
  ...(await importOriginal<typeof Domain>()),
  PASSWORD_SALT_ROUNDS: TEST_PASSWORD_SALT_ROUNDS,
}));
