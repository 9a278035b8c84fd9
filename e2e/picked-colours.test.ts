import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import { createTeamThroughUi, newPage, newPerson, shot, signUpThroughUi } from './support/flows';
import { pickInPreview, previewFrame } from './support/preview-click';
import { wizardStep } from './support/wizard-flow';

// Issue 35, section 5: picking a button recorded its :hover colour (the pointer is over it
// when it is picked), and the page's hsl() colours must become the app's packed colours. The
// fixture's button is hsl(221, 83%, 53%) at rest and hsla(140, 60%, 35%, 0.9) when hovered.

const baseUrl = inject('baseUrl');

/** "rgb(37, 99, 235)" -> "#2563eb", what `<input type=color>` holds. */
const hexOf = (rgb: string): string =>
  `#${(rgb.match(/\d+/g) ?? [])
    .slice(0, 3)
    .map((channel) => Number(channel).toString(16).padStart(2, '0'))
    .join('')}`;

describe('picked colours', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;

  const frame = () => previewFrame(page);
  const button = () => frame().locator('.buy');
  const editor = () => page.getByTestId('draft-editor');
  const styleOf = (what: 'color' | 'backgroundColor') =>
    button().evaluate((element, key) => getComputedStyle(element)[key], what);

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures);
    await signUpThroughUi(page, newPerson('Colour Picker', 'colours'));
    await createTeamThroughUi(page, 'Colour Team');
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('records a hovered button at its resting colours, read from hsl()', async () => {
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await page.waitForURL(/\/campaign\/new/);
    await page
      .getByLabel('Page URL', { exact: true })
      .fill(fixtureUrlOf(fixtures, 'hover-button.html'));
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(() => wizardStep(page), { timeout: 15_000 }).toBe('ClosePopups');
    await page.getByTestId('preview-status').getByText('Ready').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'How editing works' })
      .getByRole('button', { name: 'Start editing' })
      .click();
    await expect.poll(() => wizardStep(page)).toBe('EditElements');

    // At rest, as the page's visitors first see it.
    await page.mouse.move(5, 5);
    const rest = { background: await styleOf('backgroundColor'), text: await styleOf('color') };
    expect(rest).toEqual({ background: 'rgb(36, 99, 235)', text: 'rgb(255, 255, 255)' });

    await pickInPreview(page, button(), editor());
    // Positive control: the pointer is still over the button, which shows its hover colours.
    expect(await button().evaluate((element) => element.matches(':hover'))).toBe(true);
    await expect.poll(() => styleOf('backgroundColor')).toMatch(/^rgba\(\d+, \d+, \d+, 0\.9\)$/);
    const hovered = await styleOf('backgroundColor');

    await editor().getByRole('button', { name: 'Add background colour' }).click();
    await editor().getByRole('button', { name: 'Add text colour' }).click();
    const picker = (type: string) => editor().getByTestId(`style-${type}`).locator('input');
    expect(await picker('backgroundColor').inputValue()).toBe(hexOf(rest.background));
    expect(await picker('textColor').inputValue()).toBe(hexOf(rest.text));
    // The hover colours are not offered as the element's own swatches either.
    const swatches = editor().getByRole('group', { name: 'Background colour swatches' });
    const offered = await swatches
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((swatch) => getComputedStyle(swatch).backgroundColor));
    expect(offered).toContain(rest.background);
    expect(offered).not.toContain(hovered);
    await shot(page, 'picked-colours-01-resting-button');
  });
});
