// Crawlers, monitors, link previews, headless browsers and scripts: their hits are not visitors.
const BOT = new RegExp(
  [
    'bot\\b',
    'bot/',
    'crawl',
    'spider',
    'slurp',
    'headless',
    'lighthouse',
    'pingdom',
    'uptime',
    'preview',
    'facebookexternalhit',
    'curl/',
    'wget/',
    'python-requests',
    'python-urllib',
    'go-http-client',
    'java/',
    'okhttp',
    'axios/',
    'node-fetch',
    'phantomjs',
  ].join('|'),
  'i',
);

export const isBotUserAgent = (userAgent: string | undefined): boolean =>
  !userAgent || BOT.test(userAgent);
