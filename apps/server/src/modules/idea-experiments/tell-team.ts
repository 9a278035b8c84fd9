import { experimentNotice, type ExperimentNotice } from '@kindling/domain';
import type { OnExperimentFinished } from './experiment-deps';

/** Turns a stopped experiment into the notice the team gets (wired to notifications in app.ts). */
export const tellTeam =
  (
    notify: (notice: ExperimentNotice & { teamId: number }) => Promise<unknown>,
  ): OnExperimentFinished =>
  async (finished) => {
    await notify({ teamId: finished.team.id, ...experimentNotice(finished) });
  };
