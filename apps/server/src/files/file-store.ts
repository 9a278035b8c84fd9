import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The kinds of file the app stores, by extension; the type served comes from here alone. */
const CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type StoredKind = keyof typeof CONTENT_TYPES;

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

export interface FileStore {
  /** Writes every file or none; a reader never sees half a file. */
  write(files: readonly { name: string; data: Buffer }[]): Promise<void>;
  /** The file and its type, or null when the name is not one of ours or nothing is there. */
  read(name: string): Promise<StoredFile | null>;
}

const kindOf = (name: string): StoredKind | undefined => {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  return Object.hasOwn(CONTENT_TYPES, extension) ? (extension as StoredKind) : undefined;
};

/**
 * Files in one folder of the data directory. Only names matching `names` (which must not allow
 * a slash or a leading dot) are read or written, so no path can leave the folder and the
 * temporary files are never served.
 */
export function createFileStore({
  dataDir,
  folder,
  names,
}: {
  dataDir: string;
  folder: string;
  names: RegExp;
}): FileStore {
  const dir = path.resolve(dataDir, folder);
  const allowed = (name: string) => names.test(name) && kindOf(name) !== undefined;
  return {
    async write(files) {
      const refused = files.find((file) => !allowed(file.name));
      if (refused) throw new Error(`Refusing to store a file named ${refused.name}`);
      await mkdir(dir, { recursive: true });
      const written: string[] = [];
      try {
        for (const file of files) {
          const temporary = path.join(dir, `.${file.name}.${randomUUID()}.tmp`);
          written.push(temporary);
          await writeFile(temporary, file.data, { flag: 'wx' });
          const target = path.join(dir, file.name);
          await rename(temporary, target);
          written.push(target);
        }
      } catch (error) {
        await Promise.all(written.map((file) => rm(file, { force: true })));
        throw error;
      }
    },

    async read(name) {
      const kind = kindOf(name);
      if (!kind || !names.test(name)) return null;
      try {
        return { data: await readFile(path.join(dir, name)), contentType: CONTENT_TYPES[kind] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
