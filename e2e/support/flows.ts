import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { snap } from './browser';

/** The session key of apps/web/src/lib/session.ts. */
export const SESSION_STORAGE_KEY = 'kindling.session';

export const VIEWPORT = { width: 1280, height: 800 } as const;

export interface AppConfig {
  brand: string;
  marketingSiteUrl: string;
  supportEmail: string;
}

export function readAppConfig(): AppConfig {
  return JSON.parse(readFileSync(path.resolve('apps/web/app-config.json'), 'utf8')) as AppConfig;
}

export interface Person {
  realName: string;
  email: string;
  password: string;
}

let counter = 0;
/** A person with an e-mail no other test (or earlier run on the same server) uses. */
export function newPerson(realName: string, tag: string): Person {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { realName, email: `${tag}.${unique}@example.com`, password: 'Kindling2024' };
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: VIEWPORT });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Polls `read` until it equals `expected` (Playwright-style auto-wait for plain values). */
export async function eventually<T>(read: () => Promise<T> | T, expected: T): Promise<void> {
  await expect.poll(read, { timeout: 10_000, interval: 100 }).toEqual(expected);
}

export async function isChecked(control: Locator): Promise<boolean> {
  return (await control.getAttribute('aria-checked')) === 'true';
}

/** Sign-up screen → create-team screen. */
export async function signUpThroughUi(page: Page, person: Person): Promise<void> {
  await page.goto('/admin/auth/sign-up');
  await page.getByLabel('Full name', { exact: true }).fill(person.realName);
  await page.getByLabel('E-mail', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/admin/auth/create-team');
  await page.getByLabel('Team name', { exact: true }).waitFor();
}

/** Create-team screen → the new team's campaign list; returns the team slug. */
/**
 * Says "Not now" to the intro survey on the campaign list and waits for its card to leave: the
 * list moves up then, and a click aimed before that lands beside its target.
 */
export async function dismissIntroSurvey(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Not now' }).click();
  await page.getByTestId('intro-survey-card').waitFor({ state: 'detached' });
}

export async function createTeamThroughUi(page: Page, name: string): Promise<string> {
  await page.getByLabel('Team name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create team' }).click();
  await page.waitForURL(/\/admin\/[^/]+\/campaigns$/);
  return teamSlugOf(page);
}

export async function signInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export function teamSlugOf(page: Page): string {
  const match = /\/admin\/([^/?#]+)/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`no team slug in ${page.url()}`);
  return decodeURIComponent(match[1]);
}

/** The access token the web app keeps in localStorage. */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate((key) => {
    const stored = localStorage.getItem(key);
    return stored ? (JSON.parse(stored) as { accessToken?: string }).accessToken : undefined;
  }, SESSION_STORAGE_KEY);
  if (!token) throw new Error('no session in localStorage');
  return token;
}

export class Api {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  static async of(page: Page, baseUrl: string): Promise<Api> {
    return new Api(baseUrl, await accessTokenOf(page));
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    apiPath: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api${apiPath}`, {
      method,
      headers: {
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${apiPath} -> ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A GET answered as is (not JSON): a CSV export, say. */
  async raw(apiPath: string): Promise<Response> {
    return fetch(`${this.baseUrl}/api${apiPath}`, {
      headers: { Authorization: `Bearer ${this.token}` },
    });
  }

  async createCampaign(team: string, name: string): Promise<number> {
    const { id } = await this.call<{ id: number }>('POST', `/team/${team}/campaign/create`, {
      name,
      ingestedUrl: 'https://shop.example.com/landing',
      description: 'Created by the end-to-end test',
    });
    return id;
  }

  async campaign(team: string, id: number): Promise<{ id: number; isEnabled: boolean }> {
    return this.call('GET', `/team/${team}/campaign/by-id?id=${id}`);
  }

  async campaigns(team: string): Promise<{ id: number; name: string }[]> {
    return this.call('GET', `/team/${team}/campaign/by-team`);
  }

  async userContext(team?: string): Promise<UserContext> {
    return this.call('GET', `/user/by-session${team ? `?team=${team}` : ''}`);
  }
}

/** Registers `person`, signs in and creates a team, all by the API. */
export async function signUpWithTeam(
  baseUrl: string,
  { person, teamName }: { person: Person; teamName: string },
): Promise<{ api: Api; team: string }> {
  const post = (apiPath: string, body: unknown, token?: string) =>
    fetch(`${baseUrl}/api${apiPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  expect((await post('/user/register', person)).status).toBe(201);
  const signedIn = await post('/auth/sign-in', { email: person.email, password: person.password });
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const created = await post('/teams', { name: teamName }, accessToken);
  expect(created.status).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  return { api: new Api(baseUrl, accessToken), team: slug };
}

/**
 * `person` signs up (with a team of their own, through the API) and joins `team` as a member
 * with the link `owner` invited them by; answers the member's API.
 */
export async function joinAsMember(
  baseUrl: string,
  { owner, team, person }: { owner: Api; team: string; person: Person },
): Promise<Api> {
  const { api: member } = await signUpWithTeam(baseUrl, { person, teamName: 'Own Team' });
  const { link } = await owner.call<{ link: string }>('POST', `/team/${team}/members/invite`, {
    email: person.email,
    role: 'member',
  });
  await member.call('POST', '/invites/link/accept', {
    token: new URL(link).searchParams.get('token'),
  });
  return member;
}

export interface UserContext {
  user: {
    realName: string;
    username: string | null;
    defaultTeam: string | null;
    preferences: { timezone: string; previewSize: string; menuCollapsed: boolean };
  };
  teams: { slug: string; name: string; role: string }[];
  featureFlags: string[];
}

/** Reads a value until two reads in a row agree (e.g. a size after a CSS transition). */
export async function settled<T>(read: () => Promise<T>): Promise<T> {
  let previous: T | undefined;
  let seen = false;
  await expect
    .poll(
      async () => {
        const current = await read();
        const same = seen && current === previous;
        previous = current;
        seen = true;
        return same;
      },
      { timeout: 5_000, interval: 150 },
    )
    .toBe(true);
  return previous as T;
}

/** Waits until no finite CSS animation or transition is running (menus, dialogs, toasts). */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 5_000, polling: 50 },
  );
}

/** `snap()` once the screen has stopped moving, so the picture shows what a person sees. */
export async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await snap(page, name);
}

/** The two sizes every screen is looked at in: a laptop and a phone. */
export const SCREEN_SIZES = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** `shot()` at 1440x900 and at 390x844 (`{name}-desktop`, `{name}-phone`), then back. */
export async function shotAtBothSizes(page: Page, name: string, shown?: Locator): Promise<void> {
  const before = page.viewportSize() ?? VIEWPORT;
  for (const [size, viewport] of Object.entries(SCREEN_SIZES)) {
    await page.setViewportSize(viewport);
    // What the shot is of, scrolled to at each size (a phone lays a panel out longer).
    await shown?.scrollIntoViewIfNeeded();
    await shot(page, `${name}-${size}`);
  }
  await page.setViewportSize(before);
}
