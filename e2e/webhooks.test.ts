import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MESSAGES } from '@kindling/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createTeamThroughUi,
  newPage,
  newPerson,
  shotAtBothSizes,
  signUpThroughUi,
} from './support/flows';
import { launchBrowser } from './support/browser';

// Issue 33: an owner adds a webhook in Settings -> Team, copies its secret, sends a test event
// that a local receiver gets signed, sees it in the delivery log, and adds a Slack one.

const baseUrl = inject('baseUrl');

describe('webhooks in Settings', () => {
  let browser: Browser;
  let page: Page;
  let server: Server;
  let receiverUrl: string;
  const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ path: request.url ?? '', headers: request.headers, body });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    ({ page } = await newPage(browser, baseUrl));
    await signUpThroughUi(page, newPerson('Web Hooker', 'webhooks'));
    await createTeamThroughUi(page, 'Hooked Lamps');
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('adds a signed webhook, sends a test event and shows its delivery', async () => {
    const team = new URL(page.url()).pathname.split('/')[2]!;
    await page.goto(`/admin/${team}/settings/team`);
    const card = page.getByTestId('webhooks-card');
    await card.getByText('No webhooks yet.').waitFor();

    // A bad address and no event: the domain's messages, nothing added.
    await card.getByLabel('Receiver address').fill('ftp://files.example.com');
    for (const event of ['Campaign started', 'Verdict reached']) {
      await card.getByLabel(event).uncheck();
    }
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await card.getByText(WEBHOOK_MESSAGES.url).waitFor();
    await card.getByText(WEBHOOK_MESSAGES.events).waitFor();
    await card.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'webhooks-refused');
    expect(await card.getByTestId('webhook-row').count()).toBe(0);

    await card.getByLabel('Receiver address').fill(`${receiverUrl}/kindling`);
    await card.getByLabel('Campaign started').check();
    await card.getByLabel('Verdict reached').check();
    await card.getByLabel('Announce a verdict from this many visitors').fill('500');
    await card.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await card.getByTestId('webhook-secret-value').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    const row = card.getByTestId('webhook-row');
    await row.getByText('Campaign started, Verdict reached (verdicts from 500 visitors)').waitFor();

    await row.getByRole('button', { name: 'Send a test event' }).click();
    const log = row.getByTestId('webhook-deliveries');
    await log.getByText('Delivered').waitFor({ timeout: 15_000 });
    expect(await log.innerText()).toContain('webhook.test');
    const hit = received.find((request) => request.path === '/kindling')!;
    const timestamp = hit.headers['kindling-timestamp'] as string;
    expect(hit.headers['kindling-signature']).toBe(
      `v1=${createHmac('sha256', secret).update(`${timestamp}.${hit.body}`).digest('hex')}`,
    );
    expect(JSON.parse(hit.body)).toMatchObject({ type: 'webhook.test', team, version: 1 });
    await card.scrollIntoViewIfNeeded();
    await shotAtBothSizes(page, 'webhooks-delivered');

    // A chat one: Slack's message shape.
    await card.getByLabel('Receiver address').fill(`${receiverUrl}/slack`);
    await card.getByLabel('Format').selectOption('slack');
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect.poll(() => card.getByTestId('webhook-row').count()).toBe(2);
    const slack = card.getByTestId('webhook-row').filter({ hasText: '/slack' });
    await slack.getByRole('button', { name: 'Send a test event' }).click();
    await slack
      .getByTestId('webhook-deliveries')
      .getByText('Delivered')
      .waitFor({ timeout: 15_000 });
    const message = JSON.parse(received.find((request) => request.path === '/slack')!.body) as {
      text: string;
    };
    expect(message.text).toMatch(
      /^A test event from Kindling: this webhook works\. <http.*\|Open in Kindling>$/,
    );

    // Switched off, then removed after a confirmation.
    await slack.getByRole('button', { name: 'Switch off' }).click();
    await slack.getByText('Off', { exact: true }).waitFor();
    await slack.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => card.getByTestId('webhook-row').count()).toBe(1);
  });
});
