import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { funnelCampaign } from './campaign-parts';

// Shared by the durability test and the ingestion bench: a campaign made over HTTP, a
// deterministic stream of tracker events for it, and a keep-alive poster.

export interface TrackedCampaign {
  id: number;
  headline: { id: number; variants: number[] };
  button: { id: number; variants: number[] };
  goals: [number, number];
}

/** GET (no body) or POST JSON with an optional bearer token; throws on a non-2xx answer. */
export async function callJson<T>(url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs up, creates a team and a campaign with two elements and a two-goal funnel. */
export async function createTrackedCampaign(baseUrl: string): Promise<TrackedCampaign> {
  return (await createOwnedCampaign(baseUrl)).campaign;
}

/** createTrackedCampaign, with its owner's credentials and access token and the team's slug. */
export async function createOwnedCampaign(baseUrl: string): Promise<{
  email: string;
  password: string;
  accessToken: string;
  slug: string;
  campaign: TrackedCampaign;
}> {
  const email = `load-${randomUUID()}@example.com`;
  const password = 'load-pass-1';
  await callJson(`${baseUrl}/api/user/register`, { email, password, realName: 'Load' });
  const { accessToken } = await callJson<{ accessToken: string }>(`${baseUrl}/api/auth/sign-in`, {
    email,
    password,
  });
  const { slug } = await callJson<{ slug: string }>(
    `${baseUrl}/api/teams`,
    { name: 'Load' },
    accessToken,
  );
  const { id } = await callJson<{ id: number }>(
    `${baseUrl}/api/team/${slug}/campaign/create`,
    funnelCampaign('Load'),
    accessToken,
  );
  const read = await callJson<{
    elements: { id: number; variants: { id: number }[] }[];
    goals: { id: number }[];
  }>(`${baseUrl}/api/team/${slug}/campaign/by-id?id=${id}`, undefined, accessToken);
  const [headline, button] = read.elements.map((e) => ({
    id: e.id,
    variants: e.variants.map((v) => v.id),
  }));
  const [signup, purchase] = read.goals.map((goal) => goal.id);
  if (!headline || !button || signup === undefined || purchase === undefined) {
    throw new Error('campaign was not created as asked');
  }
  return {
    email,
    password,
    accessToken,
    slug,
    campaign: { id, headline, button, goals: [signup, purchase] },
  };
}

/** Events per visitor in the stream: two page views, both goals, a purchase amount. */
export const EVENTS_PER_VISITOR = 5;

/**
 * Event `index` of a deterministic stream: visitor after visitor, each with two exposures
 * (one session), the funnel's two goals and a revenue event. `run` keeps ids apart per run.
 */
export function streamEvent(
  campaign: TrackedCampaign,
  { run, index, now }: { run: string; index: number; now: number },
) {
  const visitor = Math.floor(index / EVENTS_PER_VISITOR);
  const step = index % EVENTS_PER_VISITOR;
  const visitorId = `${run}-v${visitor}`;
  const headlineArms = ['control', ...campaign.headline.variants] as const;
  const buttonArms = ['control', ...campaign.button.variants] as const;
  const base = {
    id: randomUUID(),
    campaignId: campaign.id,
    visitorId,
    sessionId: `${visitorId}-s1`,
    ts: now + step,
    url: 'https://shop.example.com/landing',
  };
  if (step < 2) {
    return {
      ...base,
      // Half the visitors land from one of five tagged links (the open segments' names).
      ...(visitor % 2 === 0
        ? {
            url: `${base.url}?utm_source=source-${visitor % 5}&utm_medium=cpc`,
            referrer: `site-${visitor % 5}.example`,
          }
        : {}),
      type: 'exposure' as const,
      assignments: {
        [campaign.headline.id]: headlineArms[visitor % headlineArms.length]!,
        [campaign.button.id]: buttonArms[visitor % buttonArms.length]!,
      },
      applied: { [campaign.headline.id]: 40 + step, [campaign.button.id]: null },
    };
  }
  if (step < 4) return { ...base, type: 'goal' as const, goalId: campaign.goals[step - 2]! };
  return { ...base, type: 'revenue' as const, amount: 19.5 };
}

export type StreamEvent = ReturnType<typeof streamEvent>;

export interface PostAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Posts JSON over a keep-alive agent (cheaper per request than fetch, so the load is the server's). */
export function postJson(
  agent: http.Agent,
  url: string,
  body: unknown,
  method: 'POST' | 'GET' = 'POST',
): Promise<PostAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/143.0 Safari/537.36',
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
