import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from './database';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-pglite-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const setting = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], name: string) =>
  (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(db)).rows[0]
    ?.value;

describe('the embedded database memory (issue 35)', () => {
  it('creates a new data folder apart, starts small, and keeps the data on the next start', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      // The child's work folder was renamed into place, not left beside it.
      expect(existsSync(path.join(dataDir, 'pglite.initdb'))).toBe(false);
      expect(await setting(first.db, 'shared_buffers')).toBe('16MB');
      expect(await setting(first.db, 'maintenance_work_mem')).toBe('16MB');
      await sql`create table kept (id int)`.execute(first.db);
      await sql`insert into kept values (7)`.execute(first.db);
    } finally {
      await first.close();
    }
    const memory = { sharedBuffersMb: 32, workMemMb: 8, maintenanceWorkMemMb: 24 };
    const second = await openDatabase({ kind: 'pglite', dataDir, memory });
    try {
      const { rows } = await sql<{ id: number }>`select id from kept`.execute(second.db);
      expect(rows).toEqual([{ id: 7 }]);
      expect(await setting(second.db, 'shared_buffers')).toBe('32MB');
      expect(await setting(second.db, 'work_mem')).toBe('8MB');
    } finally {
      await second.close();
    }
  }, 120_000);

  it('reads the settings from the environment, and refuses a bad one with its name', () => {
    expect(loadConfig({})).toMatchObject({
      PGLITE_SHARED_BUFFERS_MB: 16,
      PGLITE_WORK_MEM_MB: 4,
      PGLITE_MAINTENANCE_WORK_MEM_MB: 16,
    });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '256' }).PGLITE_SHARED_BUFFERS_MB).toBe(256);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow('PGLITE_SHARED_BUFFERS_MB');
    expect(() => loadConfig({ PGLITE_WORK_MEM_MB: 'lots' })).toThrow('PGLITE_WORK_MEM_MB');
  });
});
