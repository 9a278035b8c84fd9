import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../apps/server/test/server-process';
import { linkIn, startSmtpCapture, type SmtpCapture } from '../apps/server/test/smtp-server';
import { launchBrowser } from './support/browser';
import {
  Api,
  createTeamThroughUi,
  isChecked,
  newPage,
  newPerson,
  shotAtBothSizes,
  signInThroughUi,
  signUpThroughUi,
  type Person,
} from './support/flows';
import { mailTo, serveMailbox } from './support/mailbox';
import { createHeadlineCampaign } from './support/headline-shop';

const FEEDBACK_KEY = 'fb_public_e2e_key';
const VERIFY_SUBJECT = 'Verify your e-mail address for Kindling';
const ORIGINAL = 'Fresh apples, picked this morning';
const VARIANT = 'Apples from tree to table in a day';

/**
 * A stand-in for the feedback service's CDN and API on loopback (the network is closed). Its
 * script has the shape of Gleap's SDK (window.Gleap: initialize, identify, clearIdentity); what
 * it is told it keeps in the page and sends back here, as the real widget reports to its API.
 */
interface WidgetHost {
  url: string;
  scriptRequests: number;
  told: { call: string; key?: string; id?: string; data?: { email: string; name?: string } }[];
  close(): Promise<void>;
}

const WIDGET_SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const calls = (window.__feedbackCalls = window.__feedbackCalls || []);
  let key = null;
  const report = (entry) => {
    calls.push(entry);
    fetch(origin + '/report', { method: 'POST', mode: 'no-cors', body: JSON.stringify({ ...entry, key }) });
  };
  window.Gleap = {
    initialize(sdkKey) { key = sdkKey; report({ call: 'initialize', key: sdkKey }); },
    identify(id, data) { report({ call: 'identify', id, data }); },
    clearIdentity() { report({ call: 'clearIdentity' }); },
  };
})();`;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += (chunk as Buffer).toString();
  return body;
}

async function startWidgetHost(): Promise<WidgetHost> {
  const host = { scriptRequests: 0, told: [] as WidgetHost['told'] };
  const server: Server = createServer((request, response) => {
    if (request.url === '/sdk.js') {
      host.scriptRequests += 1;
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(WIDGET_SCRIPT);
      return;
    }
    if (request.url === '/report' && request.method === 'POST') {
      void readBody(request).then((body) => {
        host.told.push(JSON.parse(body) as WidgetHost['told'][number]);
        response.writeHead(204).end();
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(host, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

describe('instance admin: feature flags per team, and the feedback widget', () => {
  const admin = newPerson('Ada Operator', 'instance-admin');
  const member = newPerson('Maya Member', 'orchard');
  let widget: WidgetHost;
  let smtp: SmtpCapture;
  let mailbox: { url: string; close(): Promise<void> };
  let server: ServerProcess;
  let dataDir: string;
  let browser: Browser;
  let adminPage: Page;
  let memberPage: Page;
  let memberApi: Api;
  let memberTeam: string;
  let memberCampaign: number;
  let adminTeam: string;
  let adminCampaign: number;
  let memberId: number;

  const createCampaign = (api: Api, team: string) =>
    createHeadlineCampaign(api, team, {
      name: 'Orchard headline',
      description: 'Instance admin check',
      ingestedUrl: 'https://orchard.example/landing',
      original: ORIGINAL,
      variants: [{ key: 'day', value: VARIANT }],
    });

  const liveButtons = (page: Page) =>
    page.getByTestId('campaign-contents').getByRole('button', { name: /View on live page/ });

  async function openCampaign(page: Page, team: string, id: number): Promise<void> {
    await page.goto(`/admin/${team}/campaign/${id}`);
    await page.getByTestId('campaign-contents').getByText(VARIANT).waitFor();
  }

  async function signUpPerson(page: Page, person: Person, teamName: string): Promise<string> {
    await signUpThroughUi(page, person);
    return createTeamThroughUi(page, teamName);
  }

  beforeAll(async () => {
    widget = await startWidgetHost();
    smtp = await startSmtpCapture();
    mailbox = await serveMailbox(smtp.mails);
    dataDir = mkdtempSync(path.join(tmpdir(), 'kindling-e2e-instance-'));
    const port = await freePort();
    server = await startServerProcess({
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      CLIENT_LOG_RATE_LIMIT_PER_MINUTE: '100000',
      SMTP_URL: smtp.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      INSTANCE_ADMIN_EMAILS: `someone-else@example.com, ${admin.email.toUpperCase()}`,
      FEEDBACK_WIDGET_KEY: FEEDBACK_KEY,
      FEEDBACK_WIDGET_SCRIPT_URL: `${widget.url}/sdk.js`,
    });
    if (!server.healthy) throw new Error(`server did not start:\n${server.output()}`);
    browser = await launchBrowser();
    ({ page: memberPage } = await newPage(browser, server.url));
    ({ page: adminPage } = await newPage(browser, server.url));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mailbox?.close();
    await smtp?.close();
    await widget?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads the feedback widget once and tells it the signed-in member e-mail and id', async () => {
    memberTeam = await signUpPerson(memberPage, member, 'Orchard Shop');
    memberApi = await Api.of(memberPage, server.url);
    memberId = (await memberApi.call<{ user: { id: number } }>('GET', '/user/by-session')).user.id;
    memberCampaign = await createCampaign(memberApi, memberTeam);

    await expect
      .poll(() => widget.told.filter((entry) => entry.call === 'identify').length)
      .toBe(1);
    expect(widget.told).toEqual([
      { call: 'initialize', key: FEEDBACK_KEY },
      {
        call: 'identify',
        id: String(memberId),
        data: { email: member.email, name: member.realName },
        key: FEEDBACK_KEY,
      },
    ]);
    // The page is the one told, not only our host: the script ran in the app's page.
    expect(
      await memberPage.evaluate(
        () => (window as { __feedbackCalls?: unknown[] }).__feedbackCalls?.length,
      ),
    ).toBe(2);
    expect(await memberPage.locator('script[data-feedback-widget]').count()).toBe(1);
    expect(widget.scriptRequests).toBe(1);
  });

  it('a member sees no "View on live page" while the flag is off, and no admin screen', async () => {
    await openCampaign(memberPage, memberTeam, memberCampaign);
    expect(await liveButtons(memberPage).count()).toBe(0);
    await memberPage.getByTestId('main-menu').getByRole('link', { name: 'Campaigns' }).waitFor();
    expect(
      await memberPage
        .getByTestId('main-menu')
        .getByRole('link', { name: 'Instance admin' })
        .count(),
    ).toBe(0);

    await memberPage.goto(`/admin/${memberTeam}/instance/teams`);
    const refused = memberPage.getByTestId('instance-admin-refused');
    await refused.getByText('Instance administrators only').waitFor();
    expect(await refused.innerText()).toContain(
      'verified e-mail address is listed in INSTANCE_ADMIN_EMAILS',
    );
    expect(await memberPage.getByTestId('instance-teams').count()).toBe(0);
    await shotAtBothSizes(memberPage, 'instance-admin-refused');
    // The server refuses the member as well, whatever the screen shows.
    await expect(memberApi.call('GET', '/instance-admin/teams')).rejects.toThrow(/403/);
  });

  it('a listed admin gets the screen only once the address is verified', async () => {
    adminTeam = await signUpPerson(adminPage, admin, 'Operators');
    const adminApi = await Api.of(adminPage, server.url);
    adminCampaign = await createCampaign(adminApi, adminTeam);
    expect(
      await adminPage
        .getByTestId('main-menu')
        .getByRole('link', { name: 'Instance admin' })
        .count(),
    ).toBe(0);
    await expect(adminApi.call('GET', '/instance-admin/teams')).rejects.toThrow(/403/);

    const mail = await mailTo(mailbox.url, { to: admin.email, subject: VERIFY_SUBJECT });
    await adminPage.goto(linkIn(mail, `${server.url}/admin/auth/verify-email?token=`));
    await adminPage.getByTestId('verify-done').waitFor();
    await adminPage.goto(`/admin/${adminTeam}/campaigns`);
    await adminPage.getByTestId('main-menu').getByRole('link', { name: 'Instance admin' }).click();
    await adminPage.waitForURL(`**/admin/${adminTeam}/instance/teams`);
    await adminPage.getByTestId('instance-teams').waitFor();
    expect(await adminPage.getByTestId('instance-teams').locator('tbody tr').count()).toBe(2);
  });

  it('the admin finds the team by search and turns "View variant" on; the member sees it', async () => {
    await adminPage.getByLabel('Search teams').fill('orchard');
    await adminPage.waitForURL(/search=orchard/);
    const rows = adminPage.getByTestId('instance-teams').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    const row = adminPage.getByTestId(`instance-team-${memberTeam}`);
    expect(await row.innerText()).toContain('Orchard Shop');
    expect(await row.getByRole('cell', { name: '1' }).count()).toBe(1);
    await shotAtBothSizes(adminPage, 'instance-admin-teams');

    const flag = row.getByRole('switch', { name: 'View variant for Orchard Shop' });
    expect(await isChecked(flag)).toBe(false);
    await flag.click();
    await adminPage.getByText('View variant on for Orchard Shop').waitFor();
    await expect.poll(() => isChecked(flag)).toBe(true);
    await shotAtBothSizes(adminPage, 'instance-admin-flag-on');

    // The member's next visit to the campaign shows the gated buttons.
    await openCampaign(memberPage, memberTeam, memberCampaign);
    await liveButtons(memberPage).first().waitFor();
    expect(await liveButtons(memberPage).count()).toBeGreaterThan(0);
    // And Settings → Labs shows the switch the admin turned on.
    await memberPage.goto(`/admin/${memberTeam}/settings/team`);
    expect(await isChecked(memberPage.getByRole('switch', { name: 'View variant' }))).toBe(true);
  });

  it('a flag the admin sets on their own team takes effect in the open app without a reload', async () => {
    await openCampaign(adminPage, adminTeam, adminCampaign);
    expect(await liveButtons(adminPage).count()).toBe(0);
    await adminPage.getByTestId('main-menu').getByRole('link', { name: 'Instance admin' }).click();
    await adminPage.getByLabel('Search teams').fill('operators');
    const row = adminPage.getByTestId(`instance-team-${adminTeam}`);
    await row.waitFor();
    const marker = await adminPage.evaluate(
      () => ((window as { __noReload?: boolean }).__noReload = true),
    );
    expect(marker).toBe(true);
    await row.getByRole('switch', { name: 'View variant for Operators' }).click();
    await adminPage.getByText('View variant on for Operators').waitFor();
    // Client-side navigation only: back to the campaign through the app's own links.
    await adminPage.getByTestId('main-menu').getByRole('link', { name: 'Campaigns' }).click();
    await adminPage.getByTestId('campaign-list').getByText('Orchard headline').click();
    await liveButtons(adminPage).first().waitFor();
    expect(await adminPage.evaluate(() => (window as { __noReload?: boolean }).__noReload)).toBe(
      true,
    );
  });

  it('tells the widget to forget on sign-out, and the next user on sign-in', async () => {
    const adminId = (
      await (
        await Api.of(adminPage, server.url)
      ).call<{ user: { id: number } }>('GET', '/user/by-session')
    ).user.id;
    const before = widget.told.length;
    await memberPage.goto(`/admin/${memberTeam}/campaigns`);
    await memberPage.getByTestId('user-menu').click();
    await memberPage.getByRole('menuitem', { name: 'Sign out' }).click();
    await memberPage.waitForURL('**/admin/auth/sign-in**');
    await signInThroughUi(memberPage, admin.email, admin.password);
    await memberPage.waitForURL(/\/admin\/[^/]+\/campaigns/);
    await expect
      .poll(() => widget.told.slice(before).map((entry) => entry.call))
      .toEqual(['initialize', 'identify', 'clearIdentity', 'identify']);
    // (the goto above loaded the page afresh: the script loads and names the member once more)
    expect(widget.told.at(-1)).toMatchObject({
      call: 'identify',
      id: String(adminId),
      data: { email: admin.email },
    });
    expect(await memberPage.locator('script[data-feedback-widget]').count()).toBe(1);
  });
});

describe('feedback widget without a key', () => {
  it('adds no script and asks no other origin', async () => {
    const baseUrl = inject('baseUrl');
    const browser = await launchBrowser();
    try {
      const { context, page } = await newPage(browser, baseUrl);
      const origins = new Set<string>();
      context.on('request', (request) => {
        if (/^https?:/.test(request.url())) origins.add(new URL(request.url()).origin);
      });
      await signUpPerson(page);
      await page.getByTestId('main-menu').waitFor();
      // The client config has been read (the logger asks for it on every page).
      await expect
        .poll(() =>
          page.evaluate(
            () => performance.getEntriesByName(`${location.origin}/api/client-config`).length,
          ),
        )
        .toBeGreaterThan(0);
      expect(await page.locator('script[data-feedback-widget]').count()).toBe(0);
      expect([...origins]).toEqual([new URL(baseUrl).origin]);
      expect(await page.evaluate(() => 'Gleap' in window)).toBe(false);
    } finally {
      await browser.close();
    }

    async function signUpPerson(page: Page) {
      await signUpThroughUi(page, newPerson('Nora Nokey', 'nokey'));
      await createTeamThroughUi(page, 'No Widget Team');
    }
  });
});
