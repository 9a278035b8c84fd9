import { STORED_FLAGS } from '@kindling/domain';
import { createStore, get, set } from 'idb-keyval';

// hasSeenModeHelp lives in IndexedDB (spec section 3: stored locally, type campaign, version 1).
const { type, version } = STORED_FLAGS.hasSeenModeHelp;
const KEY = `${type}:hasSeenModeHelp:v${version}`;

let store: ReturnType<typeof createStore> | undefined;
const flagStore = () => (store ??= createStore('kindling-flags', 'flags'));

export async function readHasSeenModeHelp(): Promise<boolean> {
  try {
    return (await get<boolean>(KEY, flagStore())) === true;
  } catch {
    // Private windows may refuse IndexedDB: then the help simply shows again.
    return false;
  }
}

export async function recordHasSeenModeHelp(): Promise<void> {
  try {
    await set(KEY, true, flagStore());
  } catch {
    // Nothing to do: the help shows again next time.
  }
}
