import type {} from 'vitest';

/** What global-setup.ts hands the server test workers (vitest `provide` / `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (uncompressed tar) every test PGlite starts from. */
    pgliteSnapshotFile: string;
    /** A migrated PostgreSQL database every test database is created from; '' if unreachable. */
    postgresTemplate: string;
  }
}
