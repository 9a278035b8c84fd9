import { LANDING_PAGE_MESSAGES } from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound, validationError } from '../../errors';
import { findPublishedPage } from './get-public-page';
import { pagePath } from './present-page';
import { insertSignup } from './repo';

/**
 * Stores a visitor's address for a published sign-up page. The same address again (any case)
 * is accepted and stored once: the answer does not tell a visitor whether someone signed up.
 * A filled honeypot field is a bot: refused, nothing stored.
 */
export async function signUpToPage(
  services: { db: Db },
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
  await insertSignup(services.db, { teamId: page.team.id, pageId: page.row.id, email });
  return {
    templateId: page.templateId,
    pageHref: pagePath(page.team.slug, page.row.slug),
  };
}
