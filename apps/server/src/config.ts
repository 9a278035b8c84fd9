import { DEFAULT_BILLING_CURRENCY, parseCategoryList } from '@kindling/domain';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { databaseConfigShape } from './config-database';
import { ssoConfigProblem, ssoConfigShape } from './config-sso';

const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalUrl = z.preprocess(blankAsUndefined, z.url().optional());
const KB = 1024;
const MB = 1024 * KB;
/** A byte budget below the route's largest body (512 KB) would refuse that body forever. */
const atLeastOneBody = (name: string) =>
  `${name} must be at least 524288 (512 KB, the route's largest body)`;

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Behind a reverse proxy: "true", or a comma list of the proxies' addresses/subnets. */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value): boolean | string =>
        value === 'true' || value === 'false' ? value === 'true' : value,
      ),
    /**
     * The request header that carries the visitor's country (ISO 3166 alpha-2), for audiences'
     * country conditions: `cf-ipcountry` (Cloudflare), `cloudfront-viewer-country`, or one your
     * proxy sets (nginx's geoip2 module: `x-country-code`). Only name a header that a proxy you
     * trust sets on every request and strips from the client's: a visitor could otherwise forge
     * it (and so pick which version of a page they see). Unset: country conditions are refused.
     */
    GEO_HEADER: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .trim()
        .regex(
          /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/,
          'GEO_HEADER must be a header name such as cf-ipcountry',
        )
        .transform((name) => name.toLowerCase())
        .optional(),
    ),
    ...databaseConfigShape,
    ...ssoConfigShape,
    REDIS_URL: optionalUrl,
    /** Prefix of every key Kindling writes to Redis, so several installations can share one. */
    REDIS_KEY_PREFIX: z.string().min(1).default('kindling:'),
    /**
     * Sign-in, sign-up and refresh attempts allowed per client address per minute; also wrong
     * current passwords on a password change, per user and per client address.
     */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Requests to /api/collect allowed per client address per minute (a batch is one request). */
    COLLECT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /**
     * Body bytes /api/collect takes per client address per minute, next to the requests; at
     * least one largest body (512 KB). A tracker refused 429 keeps its batch and sends it later.
     */
    COLLECT_BYTES_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(512 * KB, atLeastOneBody('COLLECT_BYTES_PER_MINUTE'))
      .default(8 * MB),
    PUBLIC_URL: optionalUrl,
    /**
     * Where people open the admin app, for absolute links to its screens ({ADMIN_URL}/admin/...:
     * "Copy link", links in e-mails). Unset: PUBLIC_URL, else the request's origin.
     */
    ADMIN_URL: optionalUrl,
    /**
     * Where published burner pages live: {PAGES_ORIGIN}/p/{team}/{slug}. Unset: PUBLIC_URL, else
     * the request's origin. Recommended in production: a second host name pointed at this server,
     * so user content never shares the app's origin.
     */
    PAGES_ORIGIN: optionalUrl,
    /** Sign-ups POST /p/{team}/{slug}/signup takes per client address per minute. */
    PAGE_SIGNUP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
    /**
     * The Chromium screenshots use. Unset: /usr/bin/chromium, else the bundled build
     * (@sparticuz/chromium); a path that is not there is skipped with a warning.
     */
    CHROMIUM_PATH: z.preprocess(blankAsUndefined, z.string().optional()),
    /** Pages Chromium renders at once per server process; each holds a browser context. */
    SCREENSHOT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Hard limit for one screenshot, from page load to the captured image. */
    SCREENSHOT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** Server processes `npm run start:cluster` runs behind one port; unset: one per CPU core. */
    CLUSTER_WORKERS: z.coerce.number().int().min(1).max(256).default(availableParallelism()),
    /** Set false to run a process that serves requests but claims no jobs. */
    JOB_WORKER: z.stringbool().default(true),
    /** How often an idle worker looks for due jobs; enqueueing in-process wakes it at once. */
    JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /** How often a worker process applies campaign schedules that are due (start at / stop at). */
    SCHEDULE_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
    /** Jobs one worker runs at once, whatever their type. */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /**
     * A running job whose claim is older than this lost its process (crash, kill -9) and is run
     * again by another; keep it above the longest a job can legitimately run.
     */
    JOB_STALE_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .max(86_400_000)
      .default(5 * 60 * 1000),
    AUTH_SECRET: z.preprocess(
      blankAsUndefined,
      z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    ),
    SUPPORT_EMAIL: z.email().default('support@kindling.local'),
    /**
     * Where mail goes out (nodemailer URL: smtp://user:pass@host:587, smtps://...:465). Unset:
     * invitation links are shown to the inviter, verification and reset links go to the log.
     */
    SMTP_URL: z.preprocess(
      blankAsUndefined,
      z
        .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL' })
        .optional(),
    ),
    /** The sender of every mail. */
    MAIL_FROM: z.string().min(3).default('Kindling <no-reply@kindling.local>'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** With STRIPE_PUBLISHABLE_KEY: card payments are on. Without either: free self-hosted mode. */
    STRIPE_SECRET_KEY: z.preprocess(blankAsUndefined, z.string().optional()),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(blankAsUndefined, z.string().optional()),
    /** The signing secret (whsec_...) of the endpoint /api/billing/webhook; required with the keys. */
    STRIPE_WEBHOOK_SECRET: z.preprocess(blankAsUndefined, z.string().optional()),
    /**
     * Where the server sends Stripe API calls; unset: https://api.stripe.com. For tests (a local
     * double of the few endpoints used) and Stripe's own mock server (stripe-mock).
     */
    STRIPE_API_BASE: z.preprocess(
      blankAsUndefined,
      z
        .url({
          protocol: /^https?$/,
          error: 'STRIPE_API_BASE must be an http(s) address such as http://127.0.0.1:12111',
        })
        .optional(),
    ),
    /** Where browsers load Stripe.js from (the billing screen); tests serve a local copy. */
    STRIPE_JS_URL: z.preprocess(
      blankAsUndefined,
      z
        .url({ protocol: /^https?$/, error: 'STRIPE_JS_URL must be an http(s) address' })
        .default('https://js.stripe.com/v3/'),
    ),
    /** ISO 4217 code the plan prices are shown in. */
    BILLING_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'BILLING_CURRENCY must be an ISO 4217 code such as USD or EUR')
      .default(DEFAULT_BILLING_CURRENCY),
    STRIPE_PRODUCT_STARTER: z.string().min(1).default('kindling-starter'),
    STRIPE_PRODUCT_STANDARD: z.string().min(1).default('kindling-standard'),
    STRIPE_PRODUCT_BUSINESS: z.string().min(1).default('kindling-business'),
    /**
     * Where AI suggestions come from. `local` is the built-in offline, rule-based rewriter: no
     * key, no network, the same answer for the same request. `openai` speaks the
     * OpenAI-compatible HTTP API at AI_BASE_URL (OpenAI, Ollama, vLLM, llama.cpp's server).
     */
    AI_PROVIDER: z.preprocess(blankAsUndefined, z.enum(['local', 'openai']).default('local')),
    AI_BASE_URL: z.preprocess(
      blankAsUndefined,
      z
        .url({
          protocol: /^https?$/,
          error: 'AI_BASE_URL must be an http(s) address such as http://127.0.0.1:11434/v1',
        })
        .default('https://api.openai.com/v1'),
    ),
    AI_API_KEY: z.preprocess(blankAsUndefined, z.string().optional()),
    AI_TEXT_MODEL: z.string().min(1).default('gpt-4o-mini'),
    AI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
    /** Per request to the provider, each retry included. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Runs of one request in all (429, 5xx and network errors are retried with back-off). */
    AI_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    /**
     * "Try without signing up": visitors explore a read-only demo team in a short guest session
     * (spec section 1, guest identity credentials). Off unless set.
     */
    GUEST_ACCESS: z.stringbool().default(false),
    /**
     * CSS and code per variant (issue 32): a variant's stylesheet and JavaScript, run on the
     * team's pages with their visitors' privileges. Off unless set; then only team owners write
     * them and every change is recorded (docs/security.md).
     */
    ALLOW_VARIANT_CODE: z.stringbool().default(false),
    /**
     * Where the web app posts its log records (spec section 7: a log-collection service).
     * Unset: this server's own POST /api/logs, which stores them for CLIENT_LOG_RETENTION_DAYS.
     */
    LOG_COLLECTOR_URL: optionalUrl,
    /** Client log categories sent: comma list, "*" for all (spec section 9). */
    CLIENT_LOG_CATEGORIES_ALLOW: z.string().default('*').transform(parseCategoryList),
    /** Client log categories never sent, whatever the allow-list says: comma list, "*" for all. */
    CLIENT_LOG_CATEGORIES_DENY: z.string().default('').transform(parseCategoryList),
    /** Days the audit log keeps a change (issue 33); older ones are deleted every hour. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(400),
    /** Days POST /api/logs keeps a record; older ones are deleted every hour. */
    CLIENT_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
    /** Batches POST /api/logs takes per client address per minute. */
    CLIENT_LOG_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /** Body bytes POST /api/logs takes per client address per minute; at least one body (512 KB). */
    CLIENT_LOG_BYTES_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(512 * KB, atLeastOneBody('CLIENT_LOG_BYTES_PER_MINUTE'))
      .default(1 * MB),
    /** ...and per hour: what one address can add to the stored records in a day is bounded. */
    CLIENT_LOG_BYTES_PER_HOUR: z.coerce
      .number()
      .int()
      .min(512 * KB, atLeastOneBody('CLIENT_LOG_BYTES_PER_HOUR'))
      .default(10 * MB),
    /**
     * Bytes of client log records kept in all (their text and data, not the table's pages and
     * indexes); past it the oldest records are deleted to make room for new ones.
     */
    CLIENT_LOG_MAX_TOTAL_BYTES: z.coerce
      .number()
      .int()
      .min(1 * MB, 'CLIENT_LOG_MAX_TOTAL_BYTES must be at least 1048576 (1 MB)')
      .default(256 * MB),
    /**
     * Instance administrators: comma list of e-mail addresses. An account is one only while its
     * address is on the list AND verified (a link sent to it was followed), so nobody can claim
     * the role by signing up with a listed address first.
     */
    INSTANCE_ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('INSTANCE_ADMIN_EMAILS must be a comma list of e-mail addresses'))),
    /** Public key of the feedback widget (Gleap's SDK key); unset: no widget, nothing loads. */
    FEEDBACK_WIDGET_KEY: z.preprocess(blankAsUndefined, z.string().max(200).optional()),
    /** The widget's loader script (Gleap's browser SDK, which defines window.Gleap). */
    FEEDBACK_WIDGET_SCRIPT_URL: z.preprocess(
      blankAsUndefined,
      z
        .url({
          protocol: /^https?$/,
          error: 'FEEDBACK_WIDGET_SCRIPT_URL must be an http(s) address of a script',
        })
        .default('https://sdk.gleap.io/latest/index.js'),
    ),
    /**
     * Where the widget talks and frames from once loaded (content security policy sources,
     * comma list). The script's own origin is always allowed.
     */
    FEEDBACK_WIDGET_ORIGINS: z
      .string()
      .default('https://*.gleap.io,wss://*.gleap.io')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(https|wss):\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i,
              'FEEDBACK_WIDGET_ORIGINS must be a comma list of origins such as https://*.gleap.io',
            ),
        ),
      ),
    PREVIEW_ALLOW_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
  })
  .superRefine((config, context) => {
    const problem = ssoConfigProblem(config);
    if (problem)
      context.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  })
  // Links in mails must not follow a forged Host header to someone else's site.
  .refine((config) => !config.SMTP_URL || config.PUBLIC_URL || config.ADMIN_URL, {
    message: 'PUBLIC_URL (or ADMIN_URL) is required with SMTP_URL: links in e-mails point there',
    path: ['PUBLIC_URL'],
  })
  // Without it no payment ever reaches a team: checkouts would take money and change nothing.
  .refine(
    (config) =>
      !(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY) || config.STRIPE_WEBHOOK_SECRET,
    {
      message:
        'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: it verifies the payment events Stripe sends to /api/billing/webhook',
      path: ['STRIPE_WEBHOOK_SECRET'],
    },
  );

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** The one place that reads process.env (conventions rule 4). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Tests sign up many users from one address, so the auth rate limit is lifted unless asked. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_MINUTE: '100000' }),
    ...overrides,
  };
}
