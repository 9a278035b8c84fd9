import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { draftsKey, saveDraft } from '../../../lib/drafts-api';
import { errorMessage } from '../../../lib/error-message';
import { draftOf } from '../state/draft-snapshot';
import type { WizardState } from '../state/wizard-types';

/** How long the wizard waits after the last change before it saves. */
export const DRAFT_SAVE_DELAY_MS = 700;
/** A failed save (the server or the network) is tried again after this long. */
const DRAFT_RETRY_DELAY_MS = 5_000;

export type DraftSaveStatus =
  | { kind: 'none' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; message: string }
  /** Another tab saved the draft after this one last did: nothing more is saved from here. */
  | { kind: 'conflict'; message: string };

export interface DraftOrigin {
  id: number;
  revision: number;
}

interface Options {
  team: string;
  state: WizardState;
  /** The draft this wizard opened, when it opened one. */
  origin: DraftOrigin | undefined;
  /** The first save made the draft: its id, to put in the address. */
  onCreated: (id: number) => void;
}

interface Kept {
  id: number | undefined;
  revision: number;
  /** What the server has, serialised. */
  saved: string | undefined;
  inFlight: boolean;
  stopped: boolean;
}

/**
 * Saves the wizard's draft a moment after each change, one save at a time, each over the
 * revision the last one answered. `flush` saves now; `stop` ends saving (the campaign is being
 * created from the draft).
 */
export function useDraftAutosave({ team, state, origin, onCreated }: Options) {
  const draft = draftOf(state);
  const serialized = draft ? JSON.stringify(draft) : undefined;
  const kept = useRef<Kept>({
    id: origin?.id,
    revision: origin?.revision ?? 0,
    saved: origin ? serialized : undefined,
    inFlight: false,
    stopped: false,
  });
  const latest = useRef(serialized);
  latest.current = serialized;
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const [status, setStatus] = useState<DraftSaveStatus>({ kind: 'none' });
  const queryClient = useQueryClient();

  const flush = useCallback(async (): Promise<void> => {
    const current = kept.current;
    const body = latest.current;
    if (current.stopped || current.inFlight || body === undefined || body === current.saved) return;
    current.inFlight = true;
    setStatus({ kind: 'saving' });
    try {
      const answer = await saveDraft(team, {
        ...(JSON.parse(body) as NonNullable<ReturnType<typeof draftOf>>),
        ...(current.id === undefined ? {} : { id: current.id }),
        baseRevision: current.revision,
      });
      const created = current.id === undefined;
      Object.assign(current, { id: answer.id, revision: answer.revision, saved: body });
      setStatus({ kind: 'saved', at: answer.updatedAt });
      // The list of drafts shows the step and the time of the last save.
      void queryClient.invalidateQueries({ queryKey: draftsKey(team) });
      if (created) onCreatedRef.current(answer.id);
    } catch (error) {
      if (isApiError(error, 409)) {
        current.stopped = true;
        setStatus({ kind: 'conflict', message: error.message });
      } else {
        setStatus({ kind: 'failed', message: errorMessage(error) });
        window.setTimeout(() => void flush(), DRAFT_RETRY_DELAY_MS);
      }
      return;
    } finally {
      current.inFlight = false;
    }
    // Changes made while this save was on its way.
    if (latest.current !== kept.current.saved) await flush();
  }, [team, queryClient]);

  const dirty = serialized !== undefined && serialized !== kept.current.saved;
  useEffect(() => {
    if (!dirty || kept.current.stopped) return;
    setStatus((previous) => (previous.kind === 'saving' ? previous : { kind: 'unsaved' }));
    const timer = window.setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [serialized, dirty, flush]);

  const stop = useCallback(() => {
    kept.current.stopped = true;
  }, []);
  const resume = useCallback(() => {
    kept.current.stopped = false;
    void flush();
  }, [flush]);

  return {
    status,
    /** Changes the server does not have yet. */
    hasUnsaved: () => latest.current !== undefined && latest.current !== kept.current.saved,
    stopped: () => kept.current.stopped,
    flush,
    stop,
    resume,
    draftId: () => kept.current.id,
  };
}
