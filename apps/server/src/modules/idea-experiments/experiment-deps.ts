import type { ServingChanged } from '../../http/types';
import type { Correction, ExperimentStopReason, Verdict } from '@kindling/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { TextProvider } from '../ai/text-provider';
import type { FinalIntervalCache } from '../stats/final-interval-cache';

/** What the team is told when an experiment stops by itself or by hand. */
export interface ExperimentFinished {
  team: { id: number };
  pageId: number;
  campaignId: number;
  reason: ExperimentStopReason;
  /** The campaign's verdict on the headline at the stop (the results page's). */
  verdict: Verdict;
}

/** Wired in app.ts (the notifications module tells the team in the app and by e-mail). */
export type OnExperimentFinished = (finished: ExperimentFinished) => Promise<void> | void;

export interface ExperimentDeps {
  db: Db;
  config: Config;
  /** The AI module's text provider, for suggestions. */
  textProvider: TextProvider;
  onExperimentFinished: OnExperimentFinished;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Its campaign stopped: the tracker files are rebuilt (tracker/served-files.ts). */
  servingChanged?: ServingChanged | undefined;
  /** The team's correction and the stats cache: the verdict is the stats endpoint's. */
  getStatsCorrection: (teamId: number) => Promise<Correction>;
  finalIntervals: FinalIntervalCache;
}
