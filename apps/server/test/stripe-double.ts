import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP double of the few Stripe endpoints Kindling calls (customers, prices, checkout
 * and billing-portal sessions), for the real SDK pointed at it through STRIPE_API_BASE; plus
 * the pages a browser is sent to, and a stand-in Stripe.js. The network is closed in tests.
 */

export interface StripeRequest {
  method: string;
  /** Path without the query, e.g. /v1/checkout/sessions. */
  path: string;
  query: Record<string, string>;
  /** The form-encoded body as Stripe's keys: `line_items[0][price]`, `metadata[teamId]`. */
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface DoublePrice {
  id: string;
  product: string;
  currency: string;
  interval: 'month' | 'year';
  unitAmount: number;
  active?: boolean;
}

/** How /v3/ answers: a working Stripe.js, a script without `window.Stripe`, or 404. */
export type ScriptMode = 'working' | 'no-stripe' | 'missing';

export interface StripeDouble {
  /** What STRIPE_API_BASE takes, e.g. http://127.0.0.1:41234 */
  url: string;
  /** What STRIPE_JS_URL takes. */
  scriptUrl: string;
  requests: StripeRequest[];
  prices: DoublePrice[];
  scriptMode: ScriptMode;
  /** Answers the next API call with this Stripe error (once). */
  failNext(status: number, message: string): void;
  close(): Promise<void>;
}

/** Prices for the default product ids in config.ts, in USD, as the spec's price table. */
export function defaultPrices(currency = 'usd'): DoublePrice[] {
  const table = [
    ['kindling-starter', 299, 249],
    ['kindling-standard', 599, 499],
    ['kindling-business', 1199, 999],
  ] as const;
  return table.flatMap(([product, monthly, yearly]) => [
    {
      id: `price_${product}_month`,
      product,
      currency,
      interval: 'month',
      unitAmount: monthly * 100,
    },
    { id: `price_${product}_year`, product, currency, interval: 'year', unitAmount: yearly * 1200 },
  ]);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const json = (response: ServerResponse, status: number, body: object) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const page = (response: ServerResponse, title: string) =>
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><title>${title}</title><h1>${title}</h1>`);

/** Sets window.Stripe like the real script; the instance remembers its key for the tests. */
const WORKING_SCRIPT = `window.Stripe = function (key) {
  window.__stripeDoubleKeys = (window.__stripeDoubleKeys || []).concat([key]);
  return { elements: function () { return {}; } };
};`;

function priceObject(price: DoublePrice) {
  return {
    id: price.id,
    object: 'price',
    active: price.active ?? true,
    currency: price.currency,
    product: price.product,
    type: 'recurring',
    unit_amount: price.unitAmount,
    recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
  };
}

export async function startStripeDouble(): Promise<StripeDouble> {
  let counter = 0;
  const next = (prefix: string) => `${prefix}_test_${(counter += 1)}`;
  let failure: { status: number; message: string } | undefined;
  const double = {} as StripeDouble;

  const api = (request: StripeRequest, response: ServerResponse) => {
    if (failure) {
      const { status, message } = failure;
      failure = undefined;
      return json(response, status, { error: { type: 'invalid_request_error', message } });
    }
    const route = `${request.method} ${request.path}`;
    switch (route) {
      case 'POST /v1/customers':
        return json(response, 200, {
          id: next('cus'),
          object: 'customer',
          name: request.form.name ?? null,
        });
      case 'GET /v1/prices': {
        const { query } = request;
        const data = double.prices
          .filter(
            (price) =>
              (!query.product || price.product === query.product) &&
              (!query.currency || price.currency === query.currency) &&
              (!query['recurring[interval]'] || price.interval === query['recurring[interval]']) &&
              (query.active !== 'true' || (price.active ?? true)),
          )
          .map(priceObject);
        return json(response, 200, { object: 'list', url: '/v1/prices', has_more: false, data });
      }
      case 'POST /v1/checkout/sessions': {
        const id = next('cs');
        return json(response, 200, {
          id,
          object: 'checkout.session',
          mode: request.form.mode,
          customer: request.form.customer,
          url: `${double.url}/checkout/${id}`,
        });
      }
      case 'POST /v1/billing_portal/sessions': {
        const id = next('bps');
        return json(response, 200, {
          id,
          object: 'billing_portal.session',
          customer: request.form.customer,
          url: `${double.url}/portal/${id}`,
        });
      }
      default:
        return json(response, 404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` },
        });
    }
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double');
      const body = await readBody(request);
      if (url.pathname === '/v3/') {
        if (double.scriptMode === 'missing')
          return response.writeHead(404, { 'cache-control': 'no-store' }).end('not found');
        return response
          .writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
          .end(double.scriptMode === 'working' ? WORKING_SCRIPT : '/* no Stripe here */');
      }
      if (url.pathname.startsWith('/checkout/')) return page(response, 'Stripe Checkout (double)');
      if (url.pathname.startsWith('/portal/'))
        return page(response, 'Stripe billing portal (double)');
      const recorded: StripeRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(body)),
        authorization: request.headers.authorization,
      };
      double.requests.push(recorded);
      api(recorded, response);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(double, {
    url: `http://127.0.0.1:${port}`,
    scriptUrl: `http://127.0.0.1:${port}/v3/`,
    requests: [],
    prices: defaultPrices(),
    scriptMode: 'working',
    failNext: (status: number, message: string) => {
      failure = { status, message };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  } satisfies Omit<StripeDouble, never>);
  return double;
}
