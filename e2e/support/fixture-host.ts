import type { Page } from 'playwright-core';
import type { FixtureServer } from './fixture-server';

export const FIXTURE_HOST = 'fixtures.localhost';

/** The address a person types for a fixture page: a host name, since the app refuses IP hosts. */
export const fixtureUrlOf = (fixtures: FixtureServer, name: string): string =>
  `http://${FIXTURE_HOST}:${new URL(fixtures.origin).port}/${name}`;

/**
 * This machine's resolver does not map *.localhost to loopback, so before an API request that
 * carries a fixtures.localhost address in `url` leaves the browser, the fixture server's
 * 127.0.0.1 origin (allow-listed on the e2e server) is swapped in.
 */
export async function routeFixtureHost(
  page: Page,
  fixtures: FixtureServer,
  paths: readonly string[] = ['/api/preview/page'],
): Promise<void> {
  for (const path of paths) {
    await page.route(`**${path}?**`, async (route) => {
      const address = new URL(route.request().url());
      const target = address.searchParams.get('url');
      if (target && URL.parse(target)?.hostname === FIXTURE_HOST) {
        const fixture = new URL(target);
        address.searchParams.set('url', `${fixtures.origin}${fixture.pathname}`);
        return route.continue({ url: address.toString() });
      }
      return route.continue();
    });
  }
}
