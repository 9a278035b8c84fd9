import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata } from 'oidc-provider';

// A real OpenID Connect provider for the tests (panva's oidc-provider, certified), on loopback:
// discovery, authorization code + PKCE, signed ID tokens. Its sign-in page is a form of one
// field, the e-mail address of one of `accounts`, which signs the person in and grants the
// client's scopes at once (no consent step: the tests are about Kindling's side).

export interface TestAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body style="font-family:sans-serif;max-width:24rem;margin:4rem auto">${body}</body></html>`;

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

export async function startOidcProvider({
  clients,
  accounts,
}: {
  clients: ClientMetadata[];
  accounts: readonly TestAccount[];
}): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients,
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test' }] },
    cookies: { keys: ['test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accounts.find((candidate) => candidate.email === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
  });

  async function interaction(request: IncomingMessage, response: ServerResponse, uid: string) {
    const details = await provider.interactionDetails(request, response);
    if (request.method === 'GET') {
      const { login_hint: given } = details.params;
      const hint = escape(typeof given === 'string' ? given : '');
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        page(
          `<h1>Test identity provider</h1><form method="post" action="/interaction/${uid}"><label>E-mail <input name="email" value="${hint}"></label> <button>Sign in</button></form>`,
        ),
      );
      return;
    }
    const email = (await formBody(request)).get('email') ?? '';
    if (!accounts.some((account) => account.email === email)) {
      response.statusCode = 400;
      response.end(page('<p>Unknown account</p>'));
      return;
    }
    const grant = new provider.Grant({
      accountId: email,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: email }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const callback = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const uid = /^\/interaction\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    if (uid) {
      interaction(request, response, uid).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    void callback(request, response);
  });
  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
