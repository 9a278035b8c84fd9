import { campaignSwitchOnRefusal, type Entitlements, type Refusal } from '@kindling/domain';
import type { Tx } from '../../db/transaction';
import { lockTeamFor } from '../../db/team-lock';
import { refusalError } from '../billing/refusal-error';
import { countRunningCampaigns } from './repo';

/**
 * Why one more campaign may not be switched on now (null: it may). Holds the team's lock until
 * `tx` ends, so two switches cannot both pass on the same count: call it in the transaction that
 * switches the campaign on.
 */
export async function switchOnRefusal(
  tx: Tx,
  { teamId, entitlements }: { teamId: number; entitlements: Entitlements },
): Promise<Refusal | null> {
  await lockTeamFor(tx, { purpose: 'runningCampaigns', teamId });
  return campaignSwitchOnRefusal(entitlements, await countRunningCampaigns(tx, teamId));
}

/** As switchOnRefusal, refusing with 402 (no plan) or 409 (the running cap). */
export async function assertMaySwitchOn(
  tx: Tx,
  input: { teamId: number; entitlements: Entitlements },
): Promise<void> {
  const refusal = await switchOnRefusal(tx, input);
  if (refusal) throw refusalError(refusal, 'CONFLICT');
}
