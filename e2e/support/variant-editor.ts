import type { Page } from 'playwright-core';
import { SHOP_HOST } from './tracker-visit';

/**
 * The editor's preview fetches the campaign's shop page through Kindling, which reaches the
 * fixture server on 127.0.0.1: the ticket request names that address instead of the shop's host.
 */
export async function routeShopPreview(page: Page): Promise<void> {
  await page.route('**/api/preview/ticket', async (route) => {
    const body = route.request().postDataJSON() as { url: string };
    const url = body.url.replace(SHOP_HOST, '127.0.0.1');
    await route.continue({ postData: JSON.stringify({ url }) });
  });
}

/** Opens the campaign's variant editor on its first element, with a new draft variant. */
export async function addVariantInEditor(
  page: Page,
  team: string,
  campaignId: number,
): Promise<void> {
  await page.goto(`/admin/${team}/campaign/${campaignId}/edit`);
  await page.getByTestId('preview-status').getByText('Ready').waitFor();
  await page.getByTestId('element-card').first().click();
  const sideMenu = page.getByTestId('element-side-menu');
  await sideMenu.waitFor();
  await sideMenu.getByRole('button', { name: 'Add variant' }).click();
  await page.getByTestId('draft-editor').waitFor();
}
