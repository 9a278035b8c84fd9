import { notificationInputSchema, type NotificationInput } from '@kindling/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { validationError } from '../../errors';
import type { Outbox } from '../../mail/outbox';
import { renderMail } from '../../mail/render-mail';
import { notificationMail } from './notification-mail';
import { findMailRecipients, findTeamSlug, insertNotification } from './repo';

export interface NotifyDeps {
  db: Db;
  config: Pick<Config, 'ADMIN_URL' | 'PUBLIC_URL'>;
  /** Mail goes out without making the caller wait; unconfigured (no SMTP_URL): no mail. */
  outbox: Outbox;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

export interface NotifyTeamInput extends NotificationInput {
  teamId: number;
  /** A link inside the team (/pages/12/test), for callers that know the team's id, not its slug. */
  teamPath?: string;
}

/**
 * Tells a whole team something (an idea experiment stopped, say): stores one notification every
 * member sees unread in the app, and, when mail is set up, mails it to every member with a
 * proven address who has not turned notification mails off. There is no route to this on
 * purpose: only the server's own code tells a team things.
 */
export async function notifyTeam(
  deps: NotifyDeps,
  input: NotifyTeamInput,
): Promise<{ id: number; mailedTo: number }> {
  const team = await findTeamSlug(deps.db, input.teamId);
  if (!team) throw validationError(`No team with id ${input.teamId}`);
  const link = input.teamPath
    ? `/admin/${encodeURIComponent(team.slug)}${input.teamPath}`
    : input.link;
  const parsed = notificationInputSchema.safeParse({ ...input, link });
  if (!parsed.success) throw validationError(parsed.error.issues[0]?.message ?? 'Bad notification');
  const notification = parsed.data;
  const { id } = await insertNotification(deps.db, input.teamId, notification);

  const adminUrl = deps.config.ADMIN_URL ?? deps.config.PUBLIC_URL;
  if (!deps.outbox.configured || !adminUrl) return { id, mailedTo: 0 };
  const recipients = await findMailRecipients(deps.db, input.teamId);
  const mail = renderMail(notificationMail({ adminUrl, team, ...notification }));
  for (const recipient of recipients) deps.outbox.post({ to: recipient.email, ...mail });
  deps.log?.info({ notification: id, mailedTo: recipients.length }, 'team notified');
  return { id, mailedTo: recipients.length };
}
