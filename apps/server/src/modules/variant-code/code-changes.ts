import {
  VARIANT_CODE_KINDS,
  VARIANT_CODE_MESSAGES,
  variantCodeOf,
  type Variant,
} from '@kindling/domain';
import type { Tx } from '../../db/transaction';
import { forbidden } from '../../errors';
import { findAccountById } from '../users/find-account';
import { findCampaignVariantInfo, insertCodeChanges, type CodeChangeRow } from './repo';

/**
 * Who writes a campaign's variants, as far as their CSS and code go: the instance's setting
 * (ALLOW_VARIANT_CODE), whether a signed-in owner writes (an API key or a member may keep what
 * is there, never change it), and the person recorded.
 */
export interface CodeEditor {
  allowed: boolean;
  owner: boolean;
  userId: number | null;
}

/** A writer that may change no CSS or code: the demo, idea experiments, a system write. */
export const NO_CODE_EDITOR: CodeEditor = { allowed: false, owner: false, userId: null };

/** A variant as written: its stored id when it has one, its key and its info. */
export interface WrittenVariant {
  id: number | undefined;
  key: string;
  info: Variant['info'];
}

/** What changes of the variants' CSS and code, against the stored variants of the campaign. */
function changesOf(
  stored: readonly { id: number; key: string; info: unknown }[],
  written: readonly WrittenVariant[],
  /** Stored variants not in `written` are removed (a campaign save); kept for `add-variants`. */
  removes: boolean,
): CodeChangeRow[] {
  const byId = new Map(stored.map((row) => [row.id, row]));
  const codeOf = (info: unknown) => variantCodeOf(info ?? {});
  const rows: CodeChangeRow[] = [];
  const compare = (
    variant: { id: number | null; key: string },
    before: unknown,
    after: unknown,
  ) => {
    const [was, is] = [codeOf(before), codeOf(after)];
    for (const kind of VARIANT_CODE_KINDS) {
      if (was[kind] !== is[kind]) {
        rows.push({
          variantId: variant.id,
          variantKey: variant.key,
          kind,
          before: was[kind],
          after: is[kind],
        });
      }
    }
  };
  for (const variant of written) {
    const row = variant.id === undefined ? undefined : byId.get(variant.id);
    compare({ id: row?.id ?? null, key: variant.key }, row?.info, variant.info);
  }
  if (removes) {
    const kept = new Set(written.map((variant) => variant.id));
    for (const row of stored) if (!kept.has(row.id)) compare(row, row.info, undefined);
  }
  return rows;
}

/**
 * The one gate for CSS and code per variant, in the write's transaction: refuses a change where
 * the instance does not allow it or not made by a signed-in owner, and records every change
 * with who and when (nothing changes unrecorded: a refused or failed write records nothing).
 */
export async function recordCodeChanges(
  tx: Tx,
  scope: { teamId: number; campaignId: number; editor: CodeEditor },
  written: readonly WrittenVariant[] | { removing: number },
  { removes }: { removes: boolean } = { removes: true },
): Promise<void> {
  const stored = await findCampaignVariantInfo(tx, scope);
  // One variant deleted: every other is written as it is stored.
  const variants =
    'removing' in written
      ? stored
          .filter((row) => row.id !== written.removing)
          .map(({ id, key, info }) => ({ id, key, info: info as Variant['info'] }))
      : written;
  const changes = changesOf(stored, variants, removes);
  if (changes.length === 0) return;
  const { editor } = scope;
  if (!editor.allowed) throw forbidden(VARIANT_CODE_MESSAGES.off);
  if (!editor.owner || editor.userId === null) throw forbidden(VARIANT_CODE_MESSAGES.owner);
  // The address is kept with the record: it must still say who once the account is gone.
  const account = await findAccountById({ db: tx }, { userId: editor.userId });
  await insertCodeChanges(
    tx,
    {
      teamId: scope.teamId,
      campaignId: scope.campaignId,
      userId: editor.userId,
      userEmail: account?.email ?? null,
    },
    changes,
  );
}
