import { probabilityBest } from '../stats/bandit';
import { mulberry32 } from '../stats/prng';
import { MINIMUM_VISITORS_PER_ARM } from '../stats/significance';
import { clearWinner, type ExperimentArm } from './stop-rule';

export type ExperimentOutcome = 'variant_best' | 'original_best' | 'no_clear_winner';

export interface VerdictArm extends ExperimentArm {
  /** "Original", "Variant 1", ... */
  label: string;
  /** Sign-ups per visitor, 0 without visitors. */
  rate: number;
  /** P(this arm has the highest sign-up rate), Beta(1, 1) priors. */
  chanceBest: number;
}

export interface ExperimentVerdict {
  outcome: ExperimentOutcome;
  /** The verdict in plain words, for the team. */
  text: string;
  /** The arm with the highest sign-up rate (0: the original). */
  leader: number;
  /** The leader's sign-up rate over the compared arm's (original or best variant); null at 0. */
  ratio: number | null;
  arms: VerdictArm[];
}

/** Fixed seed: the same counts always read as the same verdict. */
const VERDICT_SEED = 18;

export const armLabel = (index: number) => (index === 0 ? 'Original' : `Variant ${index}`);
const nameOf = (index: number) => (index === 0 ? 'the original' : `Variant ${index}`);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
/** "97% chance": never 0% or 100%, which no sample can show. */
const chance = (value: number) => `${Math.min(99, Math.max(1, Math.round(value * 100)))}%`;
const times = (ratio: number) => `${ratio.toFixed(1)}x`;
const count = (value: number) => value.toLocaleString('en-US');
const plural = (value: number, word: string) => `${count(value)} ${word}${value === 1 ? '' : 's'}`;

function rateOf(arm: ExperimentArm) {
  return arm.visitors === 0 ? 0 : arm.signups / arm.visitors;
}

/** The arm other than `leader` with the highest rate, preferring the original on ties. */
function runnerUp(arms: readonly VerdictArm[], leader: number): number {
  let best = -1;
  arms.forEach((arm, index) => {
    if (index !== leader && (best < 0 || arm.rate > arms[best]!.rate)) best = index;
  });
  return best;
}

function clearText(arms: readonly VerdictArm[], winner: number, compared: number): string {
  const win = arms[winner]!;
  const other = arms[compared]!;
  const odds = `${chance(win.chanceBest)} chance it is best.`;
  if (winner === 0) {
    const lead =
      other.signups === 0
        ? `${plural(win.signups, 'sign-up')}, no variant got any`
        : `${times(win.rate / other.rate)} the sign-up rate of the best variant (${nameOf(compared)})`;
    return `The original is best: ${lead}; ${odds}`;
  }
  if (other.signups === 0) {
    return `${nameOf(winner)} got ${plural(win.signups, 'sign-up')}, the original none; ${odds}`;
  }
  return `${nameOf(winner)} got ${times(win.rate / other.rate)} the sign-up rate of the original; ${odds}`;
}

function unclearText(arms: readonly VerdictArm[], leader: number, compared: number): string {
  const views = arms.reduce((sum, arm) => sum + arm.views, 0);
  if (arms.every((arm) => arm.signups === 0)) {
    return `No clear winner: no sign-ups yet in ${plural(views, 'view')}.`;
  }
  if (arms.some((arm) => arm.visitors < MINIMUM_VISITORS_PER_ARM)) {
    return `No clear winner yet: too early to tell after ${plural(views, 'view')}; rates mean little until every variant has ${MINIMUM_VISITORS_PER_ARM} visitors.`;
  }
  const lead = arms[leader]!;
  const other = arms[compared]!;
  return (
    `No clear winner: ${nameOf(leader)} is ahead (${percent(lead.rate)} against ` +
    `${percent(other.rate)} for ${nameOf(compared)}), but the gap could still be chance; ` +
    `${chance(lead.chanceBest)} chance it is best.`
  );
}

/**
 * What the experiment says, in plain words and with the numbers behind them. "Clear" is the
 * stop rule's clear winner (the always-valid interval), so a verdict never claims more than the
 * rule that may have stopped the experiment.
 */
export function experimentVerdict(arms: readonly ExperimentArm[]): ExperimentVerdict {
  const chances = probabilityBest({
    arms: arms.map((arm) => ({ visitors: arm.visitors, conversions: arm.signups })),
    random: mulberry32(VERDICT_SEED),
  });
  const shown: VerdictArm[] = arms.map((arm, index) => ({
    ...arm,
    label: armLabel(index),
    rate: rateOf(arm),
    chanceBest: chances[index] ?? 0,
  }));
  // Ties go to the arm more likely best (more visitors at the same rate).
  const leader = shown.reduce((best, arm, index) => {
    const top = shown[best]!;
    const ahead = arm.rate > top.rate || (arm.rate === top.rate && arm.chanceBest > top.chanceBest);
    return ahead ? index : best;
  }, 0);
  const winner = clearWinner(arms);
  // A variant is weighed against the original; the original against its best challenger.
  const compared = leader === 0 ? runnerUp(shown, 0) : 0;
  const base = shown[compared]?.rate ?? 0;
  const ratio = compared >= 0 && base > 0 ? shown[leader]!.rate / base : null;
  if (winner === null || compared < 0) {
    return {
      outcome: 'no_clear_winner',
      text:
        compared < 0
          ? 'No clear winner: there is nothing to compare.'
          : capital(unclearText(shown, leader, compared)),
      leader,
      ratio,
      arms: shown,
    };
  }
  return {
    outcome: winner === 0 ? 'original_best' : 'variant_best',
    text: clearText(shown, winner, compared),
    leader,
    ratio,
    arms: shown,
  };
}
