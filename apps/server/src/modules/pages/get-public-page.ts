import { createHash } from 'node:crypto';
import {
  LANDING_PAGE_MESSAGES,
  renderLandingPage,
  renderLandingPageNotice,
} from '@kindling/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { findPublicTeam } from '../teams/find-public-team';
import { getTrackerSnippet } from '../tracker/get-tracker-snippet';
import { trackerBase } from '../tracker/tracker-deps';
import { pagePath, readPage } from './present-page';
import { findPublishedPageBySlug } from './repo';

export interface PublicPage {
  html: string;
  etag: string;
  indexable: boolean;
  /** The scripts the page may run: the team's tracker and its variant preview script. */
  scriptSrcs: string[];
  templateId: ReturnType<typeof readPage>['templateId'];
}

/**
 * `{team}.js`, and the parts beside it the tracker loads (`{team}/`: a CSP source ending in a
 * slash takes in the files under it): targeting.js, vitals.js, identify.js, forward.js and
 * preview.js when a preview link opens.
 */
const trackerScripts = (appOrigin: string, slug: string) => [
  `${trackerBase(appOrigin, slug)}.js`,
  `${trackerBase(appOrigin, slug)}/`,
];

/** A published page, by team and page slug; unpublished or unknown pages are the same 404. */
export async function findPublishedPage(
  { db }: { db: Db },
  { team, slug }: { team: string; slug: string },
) {
  const found = await findPublicTeam({ db }, { slug: team });
  const row = found ? await findPublishedPageBySlug(db, found.id, slug) : undefined;
  if (!found || !row) throw notFound(LANDING_PAGE_MESSAGES.notFound);
  return { team: found, row, ...readPage(row) };
}

/**
 * The published page as static HTML with the team's tracker tag built in, so the page is a
 * normal campaign URL. `appOrigin` is where the tracker (and its collect endpoint) lives.
 */
export async function getPublicPage(
  services: { db: Db },
  { team, slug, appOrigin }: { team: string; slug: string; appOrigin: string },
): Promise<PublicPage> {
  const page = await findPublishedPage(services, { team, slug });
  const html = renderLandingPage({
    templateId: page.templateId,
    content: page.content,
    trackerTag: getTrackerSnippet({
      slug: page.team.slug,
      origin: appOrigin,
      collectKey: page.row.collectKey,
    }).html,
    indexable: page.row.indexable,
    signupAction: `${pagePath(page.team.slug, page.row.slug)}/signup`,
  });
  const hash = createHash('sha256').update(html).digest('base64url').slice(0, 27);
  return {
    html,
    etag: `"${hash}"`,
    indexable: page.row.indexable,
    scriptSrcs: trackerScripts(appOrigin, page.team.slug),
    templateId: page.templateId,
  };
}

/** The thank-you page after a form sign-up, with the tracker: its view is the sign-up goal. */
export async function getThanksPage(
  services: { db: Db },
  { team, slug, appOrigin }: { team: string; slug: string; appOrigin: string },
) {
  const page = await findPublishedPage(services, { team, slug });
  if (page.content.cta.type !== 'signup') throw notFound(LANDING_PAGE_MESSAGES.notFound);
  const html = renderLandingPageNotice({
    templateId: page.templateId,
    title: 'Thank you!',
    message: 'You are on the list. We will write to you as soon as there is news.',
    backHref: pagePath(page.team.slug, page.row.slug),
    trackerTag: getTrackerSnippet({
      slug: page.team.slug,
      origin: appOrigin,
      collectKey: page.row.collectKey,
    }).html,
  });
  return { html, scriptSrcs: trackerScripts(appOrigin, page.team.slug) };
}
