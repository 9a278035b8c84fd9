import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { clickInPreview, previewFrame } from './support/preview-click';
import { fixtureUrlOf, routeFixtureHost } from './support/fixture-host';
import { startFixtureServer, type FixtureServer } from './support/fixture-server';
import {
  Api,
  createTeamThroughUi,
  newPage,
  newPerson,
  shot,
  signUpThroughUi,
} from './support/flows';

// The wizard rules the main walk-through (campaign-wizard.test.ts) leaves out: the draft
// editor's limits and errors, cancelling, suggestions, deleting, advanced HTML, image
// addresses and upload rules, and the step and goal rules. Messages are the spec's, verbatim.

const baseUrl = inject('baseUrl');
const ORIGINAL_H1 = 'Ship product updates your customers actually read';
const RED_LAMP = path.resolve('e2e/fixtures/lamp-red.png');
const MSG = {
  limit: 'You can have up to 5 new variants for this element.',
  empty: 'Enter the new text or choose a style for this variant.',
  duplicate:
    'You have a duplicate variant. Please change an attribute or delete the duplicate variant to continue.',
  noElements: 'Pick at least one element on the page to test.',
  zeroVariants:
    'Add at least one variant to this element, or delete the element, before you continue.',
  imageInfo: 'Could not get image info',
  unsupportedType: 'File type not supported. We accept JPG, PNG and GIF.',
  tooLarge: 'File is too large. The maximum file size is 4MB.',
  tooMany:
    'You have uploaded too many files. You can have up to 5 variant selections for this element.',
  tooManyGoals: 'You can have at most 5 goals',
} as const;
const XSS_HTML =
  '<strong>Bold</strong><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
/** --danger-600 of apps/web/src/ui/tokens.css. */
const DANGER_BG = 'rgb(220, 38, 38)';

type Probe = Window & { __pwned?: unknown };

describe('campaign wizard details', () => {
  let browser: Browser;
  let page: Page;
  let fixtures: FixtureServer;
  let api: Api;
  let team: string;
  let tmp: string;

  const frame = (): FrameLocator => previewFrame(page);
  const wizard = () => page.getByTestId('campaign-wizard');
  const step = () => wizard().getAttribute('data-step');
  const sideMenu = () => page.getByTestId('element-side-menu');
  const editor = () => page.getByTestId('draft-editor');
  const drafts = () => editor().getByTestId('draft-variant');
  const draftErrors = () => editor().getByTestId('draft-variant-error');
  const dialog = () => page.getByTestId('confirm-dialog');
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
  const ready = () => page.getByTestId('preview-status').getByText('Ready').waitFor();
  const h1Text = () => frame().locator('h1').textContent();
  const addAnother = () => page.getByRole('button', { name: 'Add another variant' });
  const save = () => page.getByRole('button', { name: 'Save variants' }).click();
  const text = (n: number) => page.getByLabel(`Variant ${n} text`, { exact: true });
  const isFocused = (locator: Locator) =>
    locator.evaluate((element) => element === document.activeElement);
  const variantRows = (group: 'suggested' | 'saved') =>
    sideMenu().getByTestId(`variant-group-${group}`).getByTestId('variant-row');
  const closeSideMenu = () =>
    sideMenu().getByRole('button', { name: 'Close', exact: true }).click();

  /**
   * Whether `target` can be seen in the side menu: below its header and above the draft
   * editor's sticky footer (Cancel / Save variants), not scrolled away or covered.
   */
  async function seenInSideMenu(target: Locator): Promise<boolean> {
    const box = await target.boundingBox();
    const header = await sideMenu().locator('header').first().boundingBox();
    const footer = await editor().locator('footer').boundingBox();
    if (!box || !header || !footer) return false;
    return box.y >= header.y + header.height - 0.5 && box.y + box.height <= footer.y + 0.5;
  }

  /** Scrolls the side menu back to its top with the mouse wheel, as a person would. */
  async function scrollSideMenuToTop(): Promise<void> {
    const original = sideMenu().getByTestId('original-variant');
    await original.hover();
    await page.mouse.wheel(0, -5_000);
    await expect
      .poll(() => seenInSideMenu(sideMenu().getByText('Original', { exact: true })))
      .toBe(true);
  }

  /** ChooseURL -> ClosePopups -> EditElements, as a person does it. */
  async function openSaasLanding(): Promise<void> {
    await page
      .getByLabel('Page URL', { exact: true })
      .fill(fixtureUrlOf(fixtures, 'saas-landing.html'));
    await page.getByRole('button', { name: 'Open page' }).click();
    await expect.poll(step).toBe('ClosePopups');
    await closeNewsletter();
  }

  /** The fixture's newsletter pop-up opens after load and would cover the page. */
  async function closeNewsletter(): Promise<void> {
    await ready();
    await frame().locator('#newsletter.open').waitFor();
    await clickInPreview(page, frame().getByRole('button', { name: 'Close newsletter' }));
    await frame().locator('#newsletter.open').waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'kindling-wizard-details-'));
    fixtures = await startFixtureServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await routeFixtureHost(page, fixtures, ['/api/team/*/campaign/is-image']);
    await signUpThroughUi(page, newPerson('Wizard Details', 'wizard-details'));
    team = await createTeamThroughUi(page, 'Wizard Details Team');
    api = await Api.of(page, baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('will not leave EditElements without an element', async () => {
    await page.getByRole('link', { name: 'New campaign' }).first().click();
    await page.waitForURL(/\/campaign\/new/);
    await openSaasLanding();
    await next();
    await page
      .getByRole('dialog', { name: 'How editing works' })
      .getByRole('button', { name: 'Start editing' })
      .click();
    await expect.poll(step).toBe('EditElements');

    await next();
    await wizard().getByRole('alert').getByText(MSG.noElements, { exact: true }).waitFor();
    expect(await step()).toBe('EditElements');
    await shot(page, 'wizard-details-01-no-elements');
  });

  it('allows 5 new drafts, then shows the limit; empty drafts go when focus leaves', async () => {
    await clickInPreview(page, frame().locator('h1'));
    await editor().waitFor();
    // With an element picked, the message about having none is gone.
    expect(await page.getByText(MSG.noElements).count()).toBe(0);
    // The flag is off: no text mode switch (spec section 4, gated by variant_advanced_mode).
    expect(await page.getByRole('group', { name: 'Variant 1 text mode' }).count()).toBe(0);
    await expect.poll(() => isFocused(text(1))).toBe(true);
    await text(1).fill('Release notes, finally read');

    for (let added = 2; added <= 5; added += 1) {
      await addAnother().click();
      await expect.poll(() => drafts().count()).toBe(added);
      // The new variant takes the cursor.
      await expect.poll(() => isFocused(text(added))).toBe(true);
    }
    expect(await addAnother().isDisabled()).toBe(true);
    const hint = editor().getByText(MSG.limit, { exact: true });
    await hint.waitFor();
    expect(await addAnother().getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
    await text(3).fill('Changelogs your customers open');
    await hint.scrollIntoViewIfNeeded();
    await expect.poll(() => seenInSideMenu(hint)).toBe(true);
    await shot(page, 'wizard-details-02-five-drafts-limit');

    // Focus goes somewhere outside the editor: variants 2, 4 and 5 are empty and go.
    await wizard().getByRole('heading', { name: 'New campaign' }).click();
    await expect.poll(() => drafts().count()).toBe(2);
    expect(await text(1).inputValue()).toBe('Release notes, finally read');
    expect(await text(2).inputValue()).toBe('Changelogs your customers open');
    expect(await addAnother().isDisabled()).toBe(false);
    expect(await hint.count()).toBe(0);
    await shot(page, 'wizard-details-03-empty-removed');
  });

  it('on save, shows the empty variant error, focuses it, and re-checks on every edit', async () => {
    await addAnother().click();
    await expect.poll(() => drafts().count()).toBe(3);
    const third = drafts().nth(2);
    const thirdId = await third.getAttribute('data-variant-id');
    expect(Number(thirdId)).toBeLessThan(0);
    // No errors before the first submit.
    expect(await draftErrors().count()).toBe(0);
    // Back at the top, the empty third variant is out of sight when Save is pressed.
    await scrollSideMenuToTop();
    expect(await seenInSideMenu(text(3))).toBe(false);

    await save();
    const emptyError = third.getByRole('alert').getByText(MSG.empty, { exact: true });
    await emptyError.waitFor();
    expect(await draftErrors().count()).toBe(1);
    // The focused variant is brought into view with its message, clear of the sticky footer.
    await expect.poll(() => seenInSideMenu(text(3))).toBe(true);
    await expect.poll(() => seenInSideMenu(emptyError)).toBe(true);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(`draft-variant-${thirdId}`);
    expect(await isFocused(text(3))).toBe(true);
    expect(await text(3).getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'wizard-details-04-empty-error-focused');

    // After the first submit each edit re-checks, without another save.
    await text(3).fill('Release notes, finally read');
    await expect.poll(() => editor().getByText(MSG.empty).count()).toBe(0);
    // Each names the one it equals, as the editor numbers its variants.
    for (const [variant, equals] of [
      [1, 3],
      [3, 1],
    ]) {
      await drafts()
        .nth(variant! - 1)
        .getByText(`${MSG.duplicate} It equals variant ${equals} in this editor.`, { exact: true })
        .waitFor();
    }
    await shot(page, 'wizard-details-05-live-duplicate');
    await text(3).fill('Release notes people love');
    await expect.poll(() => draftErrors().count()).toBe(0);
    expect(await text(3).getAttribute('aria-invalid')).toBeNull();
    await editor().waitFor();
  });

  it('Cancel with unsaved changes asks first; confirming restores the original', async () => {
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog().getByText('Are you sure you want to cancel?', { exact: true }).waitFor();
    await dialog().getByText('You have unsaved changes.', { exact: true }).waitFor();
    await shot(page, 'wizard-details-06-cancel-confirm');
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await drafts().count()).toBe(3);
    expect(await text(3).inputValue()).toBe('Release notes people love');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog().getByRole('button', { name: 'Confirm', exact: true }).click();
    await editor().waitFor({ state: 'detached' });
    await expect.poll(h1Text).toBe(ORIGINAL_H1);
    // Nothing was saved: the element is kept, with no variants.
    await sideMenu().getByText('No variants yet.', { exact: false }).waitFor();
    await shot(page, 'wizard-details-07-cancelled');
  });

  it('Next opens the editor of an element without variants, with a message', async () => {
    await closeSideMenu();
    await expect.poll(() => page.getByTestId('element-card').count()).toBe(1);
    await page.getByTestId('element-card').getByText('0 variants').waitFor();
    await next();
    await editor().waitFor();
    await wizard().getByRole('alert').getByText(MSG.zeroVariants, { exact: true }).waitFor();
    expect(await step()).toBe('EditElements');
    // Named as people see it (the fixture's headline), not by its type.
    expect(
      await sideMenu()
        .getByRole('heading', { name: 'Heading “Ship product updates your…”' })
        .count(),
    ).toBe(1);
    await shot(page, 'wizard-details-08-zero-variants');

    await text(1).fill('Release notes people love');
    await save();
    await editor().waitFor({ state: 'detached' });
    await expect.poll(() => variantRows('saved').count()).toBe(1);
    // The element has its variant now: the message no longer applies.
    expect(await page.getByText(MSG.zeroVariants).count()).toBe(0);
    await shot(page, 'wizard-details-09-after-zero-variants');
  });

  it('Duplicate suggests a copy, Approve makes it a draft, Delete variant asks first', async () => {
    const saved = variantRows('saved');
    await saved.first().getByText('Draft', { exact: true }).waitFor();
    await saved.first().getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => variantRows('suggested').count()).toBe(1);
    const suggestion = variantRows('suggested').first();
    await suggestion.getByText('Release notes people love').waitFor();
    expect(await saved.count()).toBe(1);
    await shot(page, 'wizard-details-10-duplicate-suggested');

    await suggestion.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => variantRows('suggested').count()).toBe(0);
    await expect.poll(() => saved.count()).toBe(2);
    expect(await saved.nth(1).getByText('Draft', { exact: true }).count()).toBe(1);
    await shot(page, 'wizard-details-11-approved');

    await saved.nth(1).getByRole('button', { name: 'Delete variant' }).click();
    await dialog().getByText('Delete variant', { exact: true }).waitFor();
    await dialog()
      .getByText(
        'Are you sure you want to delete this variant? Once deleted it cannot be recovered.',
        { exact: true },
      )
      .waitFor();
    await shot(page, 'wizard-details-12-delete-variant');
    await dialog().getByRole('button', { name: 'Yes, Delete', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(() => saved.count()).toBe(1);
  });

  it('Delete element asks first, with a red confirm button', async () => {
    await closeSideMenu();
    await clickInPreview(page, frame().locator('p.lead'));
    await editor().waitFor();
    // A draft without changes closes without asking.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editor().waitFor({ state: 'detached' });
    expect(await dialog().count()).toBe(0);

    await sideMenu().getByRole('button', { name: 'Delete element' }).click();
    await dialog().getByText('Delete element', { exact: true }).waitFor();
    await dialog()
      .getByText(
        'Are you sure you want to delete this element? Once deleted it cannot be recovered.',
        { exact: true },
      )
      .waitFor();
    const confirm = dialog().getByTestId('confirm-dialog-confirm');
    await expect
      .poll(() => confirm.evaluate((button) => getComputedStyle(button).backgroundColor))
      .toBe(DANGER_BG);
    await shot(page, 'wizard-details-13-delete-element');
    await confirm.click();
    await dialog().waitFor({ state: 'detached' });
    await sideMenu().waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('element-card').count()).toBe(1);
    await page.getByTestId('element-card').getByText('Text element 1').waitFor();
  });

  it('advanced HTML (labs flag) is pre-filled and sanitised in the preview', async () => {
    await api.call('POST', `/team/${team}/feature-flags`, {
      flag: 'variant_advanced_mode',
      enabled: true,
    });
    // A new campaign on the same page (a reload would reopen the draft where it was left).
    await expect
      .poll(() => page.getByTestId('draft-status').getAttribute('data-state'))
      .toBe('saved');
    const saas = fixtureUrlOf(fixtures, 'saas-landing.html');
    await page.goto(`/admin/${team}/campaign/new?url=${encodeURIComponent(saas)}`);
    await expect.poll(step).toBe('ClosePopups');
    await closeNewsletter();
    await next();
    await expect.poll(step).toBe('EditElements');

    await clickInPreview(page, frame().locator('h1'));
    await editor().waitFor();
    await text(1).fill('Release notes, in bold');
    await page
      .getByRole('group', { name: 'Variant 1 text mode' })
      .getByRole('radio', { name: 'Advanced' })
      .check();
    const html = page.getByLabel('Variant 1 HTML', { exact: true });
    await expect.poll(() => html.inputValue()).toBe('Release notes, in bold');
    await shot(page, 'wizard-details-14-advanced-prefilled');

    await html.fill(XSS_HTML);
    await frame().locator('h1 strong').getByText('Bold', { exact: true }).waitFor();
    const h1 = frame().locator('h1');
    expect(await h1.locator('img[onerror], script, [onerror]').count()).toBe(0);
    expect(await h1.evaluate(() => (window as Probe).__pwned)).toBeUndefined();
    await shot(page, 'wizard-details-15-advanced-preview');

    await save();
    await editor().waitFor({ state: 'detached' });
    // The side menu shows the HTML as text, never as markup.
    await variantRows('saved').first().getByText(XSS_HTML, { exact: true }).waitFor();
    expect(await sideMenu().locator('img[src="x"], strong').count()).toBe(0);
    expect(await page.evaluate(() => (window as Probe).__pwned)).toBeUndefined();
    // Later frame round trips (save, re-show) have not run the handler either.
    await frame().locator('h1 strong').getByText('Bold', { exact: true }).waitFor();
    expect(await h1.evaluate(() => (window as Probe).__pwned)).toBeUndefined();
    expect(await frame().locator('[onerror]').count()).toBe(0);
    await shot(page, 'wizard-details-16-advanced-saved');
    await closeSideMenu();
  });

  it('uses an image by address, and refuses a page address and broken uploads', async () => {
    await clickInPreview(page, frame().locator('img.hero-shot'));
    await editor().waitFor();
    const url = page.getByLabel('Image URL', { exact: true });
    const useImage = page.getByRole('button', { name: 'Use image' });

    await url.fill(fixtureUrlOf(fixtures, 'saas-landing.html'));
    await useImage.click();
    await editor().getByRole('alert').getByText(MSG.imageInfo, { exact: true }).waitFor();
    expect(await page.getByRole('img', { name: 'Variant 1 image' }).count()).toBe(0);
    await shot(page, 'wizard-details-17-image-url-refused');

    const lamp = fixtureUrlOf(fixtures, 'lamp-red.png');
    await url.fill(lamp);
    await useImage.click();
    const image = page.getByRole('img', { name: 'Variant 1 image' });
    await image.waitFor();
    expect(await image.getAttribute('src')).toBe(lamp);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await editor().getByText(MSG.imageInfo).count()).toBe(0);
    expect(await url.inputValue()).toBe('');
    await expect.poll(() => frame().locator('img.hero-shot').getAttribute('src')).toBe(lamp);
    await shot(page, 'wizard-details-18-image-url-used');

    const upload = page.getByLabel('Upload images');
    const uploadButton = editor().getByText('Upload images', { exact: true });
    const textPng = path.join(tmp, 'notes.png');
    writeFileSync(textPng, 'These are release notes, not a picture.\n'.repeat(20));
    // Scrolled up to the upload button, the messages under the address field are out of sight.
    await scrollSideMenuToTop();
    expect(await seenInSideMenu(uploadButton)).toBe(true);
    expect(await seenInSideMenu(url)).toBe(false);
    await upload.setInputFiles(textPng);
    const unsupported = editor().getByRole('alert').getByText(MSG.unsupportedType, { exact: true });
    await unsupported.waitFor();
    // The message is under the address field: it is scrolled into view, not left below the fold.
    await expect.poll(() => seenInSideMenu(unsupported)).toBe(true);
    await shot(page, 'wizard-details-19-upload-not-an-image');

    const big = path.join(tmp, 'huge.png');
    writeFileSync(big, Buffer.alloc(4 * 1024 * 1024 + 1, 0x89));
    await upload.setInputFiles(big);
    await editor().getByRole('alert').getByText(MSG.tooLarge, { exact: true }).waitFor();
    expect(await editor().getByText(MSG.unsupportedType).count()).toBe(0);

    const six = Array.from({ length: 6 }, (_, i) => {
      const file = path.join(tmp, `lamp-${i + 1}.png`);
      copyFileSync(RED_LAMP, file);
      return file;
    });
    await scrollSideMenuToTop();
    await upload.setInputFiles(six);
    const tooMany = editor().getByRole('alert').getByText(MSG.tooMany, { exact: true });
    await tooMany.waitFor();
    await expect.poll(() => seenInSideMenu(tooMany)).toBe(true);
    await shot(page, 'wizard-details-20-upload-too-many');
    // Nothing was placed: the address image is still the only variant.
    expect(await drafts().count()).toBe(1);
    expect(await image.getAttribute('src')).toBe(lamp);

    await save();
    await editor().waitFor({ state: 'detached' });
    await expect.poll(() => variantRows('saved').count()).toBe(1);
    await closeSideMenu();
    await expect.poll(() => page.getByTestId('element-card').count()).toBe(2);
  });

  it('goals: a click goal needs an element, keyboard reorder, at most 5 goals', async () => {
    await next();
    await expect.poll(step).toBe('EditGoals');
    await page.getByRole('button', { name: 'Add click goal' }).click();
    await next();
    await wizard()
      .getByRole('alert')
      .getByText('Choose at least one element for Click Goal #1.', { exact: true })
      .waitFor();
    expect(await step()).toBe('EditGoals');
    await shot(page, 'wizard-details-21-click-goal-empty');

    await clickInPreview(page, frame().locator('#cta-start'));
    await page.getByTestId('goal-card').getByText('#cta-start').waitFor();
    // The goal has its element: its message is gone without another Next.
    expect(await page.getByText('Choose at least one element for Click Goal #1.').count()).toBe(0);
    await page.getByRole('button', { name: 'Add page view goal' }).click();
    await page.getByLabel('Page view URL').fill(fixtureUrlOf(fixtures, 'thanks.html'));
    await page.getByLabel('Page view URL').blur();

    const names = () =>
      page.getByTestId('goal-card').evaluateAll((cards) => cards.map((card) => card.ariaLabel));
    const conversion = () =>
      page
        .getByTestId('goal-card')
        .filter({ hasText: 'Conversion goal' })
        .getAttribute('aria-label');
    expect(await names()).toEqual(['Click Goal #1', 'Page View Goal #2']);
    expect(await conversion()).toBe('Page View Goal #2');

    // dnd-kit's keyboard sensor: pick up, move down one, drop. Its live region says each step
    // (the pick-up is at once followed by "moved to position 1", so the handle tells that one).
    const handle = page.getByRole('button', { name: 'Reorder Click Goal #1' });
    const announced = () => page.locator('[id^="DndLiveRegion"]').textContent();
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    // Moving before dnd-kit has measured the drop targets is lost, as it would be for a person
    // pressing at once on a busy machine: wait for the sensor's own first announcement.
    await expect.poll(announced).toBe('Click Goal #1 moved to position 1 of 2.');
    // A press the sensor drops while it re-measures (a loaded machine) is pressed again, as a
    // person would when nothing moved; at the last position another press changes nothing.
    const movedDown = 'Click Goal #1 moved to position 2 of 2.';
    await expect
      .poll(
        async () => {
          if ((await announced()) !== movedDown) await page.keyboard.press('ArrowDown');
          return announced();
        },
        { timeout: 5_000, interval: 400 },
      )
      .toBe(movedDown);
    await page.keyboard.press('Space');
    await expect.poll(announced).toBe('Click Goal #1 dropped at position 2 of 2.');
    await expect.poll(names).toEqual(['Page View Goal #2', 'Click Goal #1']);
    await expect.poll(conversion).toBe('Click Goal #1');
    await shot(page, 'wizard-details-22-goals-reordered');

    await page.getByRole('button', { name: 'Add page view goal' }).click();
    await page.getByRole('button', { name: 'Add click goal' }).click();
    await page.getByRole('button', { name: 'Add page view goal' }).click();
    await expect.poll(() => page.getByTestId('goal-card').count()).toBe(5);
    const tooManyGoals = page.getByText(MSG.tooManyGoals, { exact: true });
    await tooManyGoals.waitFor();
    await tooManyGoals.scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: 'Add click goal' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add page view goal' }).isDisabled()).toBe(true);
    await shot(page, 'wizard-details-23-five-goals');
  });
});
