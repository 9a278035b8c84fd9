// Where the tracker keeps its first-party state: localStorage, or, where the browser refuses it
// (some privacy modes throw on access), memory for this page plus a cookie for the visitor id.

export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStore(): Store {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** localStorage when it works, else undefined. */
export function localStore(): Store | undefined {
  try {
    localStorage.getItem('');
    return localStorage;
  } catch {
    return undefined;
  }
}

/** One cookie (`kindling_vid`, a year, this site): the fallback for the visitor id only. */
export function cookieStore(): Store {
  return {
    getItem: () => /kindling_vid=([\w.:-]+)/.exec(document.cookie)?.[1] ?? null,
    setItem: (_key, value) => {
      document.cookie = `kindling_vid=${value}; max-age=31536000; path=/; SameSite=Lax`;
    },
    removeItem: () => undefined,
  };
}

export function readJson<T>(store: Store, key: string): T | undefined {
  try {
    return (JSON.parse(store.getItem(key) ?? 'null') as T | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Writes, ignoring a full storage: the state is then lost for this page only. */
export function save(store: Store, key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch {
    // quota exceeded
  }
}
