import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../errors';
import { findPublishedPage } from './get-public-page';
import { pagePath } from './present-page';
import { insertSignup } from './repo';
import { emitWebhookEvent } from '../webhooks/emit-webhook-event';

/**
 * Stores a visitor's address for a published sign-up page. The same address again (any case)
 * is accepted and stored once: the answer does not tell a visitor whether someone signed up.
 * A filled honeypot field is a bot: refused, nothing stored.
 */
export async function signUpToPage(
  services: { db: Db; config: Pick<Config, 'ADMIN_URL' | 'PUBLIC_URL'> },
  {
    team,
    slug,
    email,
    honeypot,
  }: { team: string; slug: string; email: string; honeypot: string | undefined },
) {
  const page = await findPublishedPage(services, { team, slug });
  if (page.content.cta.type !== 'signup') throw notFound(LANDING_PAGE_MESSAGES.notFound);
  if (honeypot !== undefined && honeypot !== '')
    throw validationError(LANDING_PAGE_MESSAGES.honeypot);
  const added = await insertSignup(services.db, {
    teamId: page.team.id,
    pageId: page.row.id,
    email,
  });
  if (added) {
    // The address goes only to the team's own receivers, and never into a chat message.
    await emitWebhookEvent(services, {
      teamId: page.team.id,
      type: 'page.signup',
      summary: `A new sign-up on the page "${page.row.slug}".`,
      teamPath: `/pages/${page.row.id}`,
      facts: { page: { id: page.row.id, slug: page.row.slug }, email },
    });
  }
  return {
    templateId: page.templateId,
    pageHref: pagePath(page.team.slug, page.row.slug),
  };
}
