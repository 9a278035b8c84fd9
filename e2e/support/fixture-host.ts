import type { Page } from 'playwright-core';
import type { FixtureServer } from './fixture-server';

export const FIXTURE_HOST = 'fixtures.localhost';

/** The address a person types for a fixture page: a host name, since the app refuses IP hosts. */
export const fixtureUrlOf = (fixtures: FixtureServer, name: string): string =>
  `http://${FIXTURE_HOST}:${new URL(fixtures.origin).port}/${name}`;

/**
 * The fixture server's own address for a fixtures.localhost one; other addresses as they are.
 * The scheme stays: the fixture server speaks only http, so an https address fails as an
 * http-only site's does.
 */
function onLoopback(target: string, fixtures: FixtureServer): string {
  const address = URL.parse(target);
  if (address?.hostname !== FIXTURE_HOST) return target;
  return `${address.protocol}//${new URL(fixtures.origin).host}${address.pathname}`;
}

/**
 * This machine's resolver does not map *.localhost to loopback, so before an API request that
 * carries a fixtures.localhost address leaves the browser, the fixture server's 127.0.0.1
 * origin (allow-listed on the e2e server) is swapped in: in the `url` query of the GET `paths`,
 * and in the body of the preview ticket request (the ticket is bound to the address it names).
 */
export async function routeFixtureHost(
  page: Page,
  fixtures: FixtureServer,
  paths: readonly string[] = [],
): Promise<void> {
  await page.route('**/api/preview/ticket', async (route) => {
    const body = route.request().postDataJSON() as { url?: unknown } | null;
    if (typeof body?.url !== 'string') return route.continue();
    return route.continue({ postData: JSON.stringify({ url: onLoopback(body.url, fixtures) }) });
  });
  for (const path of paths) {
    await page.route(`**${path}?**`, async (route) => {
      const address = new URL(route.request().url());
      const target = address.searchParams.get('url');
      if (!target) return route.continue();
      address.searchParams.set('url', onLoopback(target, fixtures));
      return route.continue({ url: address.toString() });
    });
  }
}
