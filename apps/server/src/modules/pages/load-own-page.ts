import { ownPageAddress } from '@kindling/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { Config } from '../../config';
import { appOrigin } from '../../http/app-origin';
import { getPublicPage, getThanksPage } from './get-public-page';
import { pagesOrigin } from './page-origin';

interface OwnPageHtml {
  status: number;
  html: string;
}

type Services = { db: Db; config: Pick<Config, 'PAGES_ORIGIN' | 'PUBLIC_URL'> };

/**
 * A published page of this app, by its public address, rendered here rather than fetched over
 * the network: the editor's preview loads it this way, so it works where the SSRF guard would
 * refuse the app's own address (localhost, a LAN address). Null when `url` is not one of the
 * app's page addresses; an unpublished or unknown page throws the public route's 404.
 */
export async function loadOwnPage(
  services: Services,
  { url, request }: { url: string; request: FastifyRequest },
): Promise<OwnPageHtml | null> {
  const address = ownPageAddress(url, pagesOrigin(services.config, request));
  if (!address) return null;
  const input = {
    team: address.team,
    slug: address.slug,
    appOrigin: appOrigin(services.config, request),
  };
  const page = address.thanks
    ? await getThanksPage(services, input)
    : await getPublicPage(services, input);
  return { status: 200, html: page.html };
}

/** The preview module's port, as app.ts wires it. */
export const ownPageLoader =
  (services: Services) =>
  (input: { url: string; request: FastifyRequest }): Promise<OwnPageHtml | null> =>
    loadOwnPage(services, input);
