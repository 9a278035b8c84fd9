import type { FastifyRequest } from 'fastify';
import { requireTeam } from '../../http/team-scope';
import type { CodeEditor } from './code-changes';

/** The writer of a request, as the CSS-and-code gate sees it (code-changes.ts). */
export function codeEditorOf(request: FastifyRequest, allowed: boolean): CodeEditor {
  const team = requireTeam(request);
  return {
    allowed,
    owner: team.role === 'owner' && team.apiKey === undefined,
    userId: request.user?.id ?? null,
  };
}
