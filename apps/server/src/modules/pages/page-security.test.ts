import {
  LANDING_PAGE_LIMITS,
  LANDING_PAGE_MESSAGES,
  type LandingPageContent,
  type LandingPageTemplateId,
  trimText,
} from '@kindling/domain';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/databases';
import { parseHtml, textOf } from '../../../test/parsed-html';
import { snapshotTables } from '../../../test/table-snapshot';
import { bearer, createTeam, errorOf, signUp, useTestApp } from '../../../test/test-app';

// Issue 18, security: what a team member types into a page can only ever be text on the
// published page, checked on the HTML a browser would parse (parse5), through the real routes.

/** Each goes into every text field of one page (cut to the field's limit). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)' x='",
  '</style><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">x</a>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<!--<script>alert(1)//-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#x3C;/script&#x3E;',
  '＜script＞alert(1)＜/script＞',
  'x\u202E>tpircs/<\u2028<script>alert(1)</script>',
  'x:expression(alert(1));background:url(javascript:alert(1))',
  '</style><style>*{background:url(//evil.example)}</style>',
  '<base href="//evil.example/"><meta http-equiv=refresh content=0>',
  '<form action=//evil.example><button>Go</button>',
  '{{constructor.constructor("alert(1)")()}}${alert(1)}',
];

/** Valid addresses that carry markup: accepted, and only ever an attribute value. */
const HOSTILE_LINKS = [
  'https://example.com/"><script>alert(1)</script>',
  "https://example.com/?q='onmouseover='alert(1)",
  'https://example.com/#</style><script>alert(1)</script>',
  'mailto:a@example.com?subject="><svg onload=alert(1)>',
  'tel:+1"><script>alert(1)</script>',
];
const HOSTILE_IMAGES = [
  'https://img.example.com/x.png" onerror="alert(1)',
  "https://img.example.com/x.png' onerror='alert(1)",
  'https://img.example.com/<svg/onload=alert(1)>',
];

const BAD_LINKS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'java\u200Bscript:alert(1)',
  '&#106;avascript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example/',
  'https:/\\evil.example',
  'not a url',
];
const BAD_IMAGES = [
  'javascript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'mailto:x@example.com',
  '//img.example.com/x.png',
];
const BAD_SLUGS = ['<script>', '"><svg onload=alert(1)>', '../admin', 'a/b', 'javascript:alert(1)'];

/** Attributes a browser follows or loads as an address (text elsewhere is only shown). */
const URL_ATTRIBUTES = ['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster'];

const SAFE_IMAGE = 'https://img.example.com/hero.png';
const SAFE_LINK = 'https://shop.example.com/buy';

type CtaType = 'signup' | 'link';

function hostileContent(
  payload: string,
  ctaType: CtaType,
  link = SAFE_LINK,
  image = SAFE_IMAGE,
): LandingPageContent {
  // Cut where the field ends; the server trims what the cut leaves at the edge, as it would.
  const cut = (max: number) => trimText(payload.slice(0, max));
  return {
    headline: cut(LANDING_PAGE_LIMITS.headline),
    subheadline: cut(LANDING_PAGE_LIMITS.subheadline),
    cta:
      ctaType === 'link'
        ? { type: 'link', label: cut(LANDING_PAGE_LIMITS.ctaLabel), url: link }
        : { type: 'signup', label: cut(LANDING_PAGE_LIMITS.ctaLabel) },
    features: [1, 2, 3].map((n) => cut(LANDING_PAGE_LIMITS.feature - 2) + ` ${n}`),
    price: cut(LANDING_PAGE_LIMITS.price),
    imageUrl: image,
  };
}

const BENIGN = (ctaType: CtaType) =>
  hostileContent('Plain words', ctaType, SAFE_LINK, SAFE_IMAGE) satisfies LandingPageContent;

describeEachDatabase('burner pages: hostile content renders inert', (kind) => {
  const t = useTestApp(kind, { JOB_WORKER: false, PUBLIC_URL: 'https://app.example.com' });
  let headers: { authorization: string };
  let team: string;
  let pageCount = 0;

  const api = (method: 'POST' | 'PUT', path: string, payload?: object) =>
    t.current.app.inject({ method, url: `/api/team/${team}/pages${path}`, headers, payload });

  /** Creates and publishes a page; answers what a browser would parse at its address. */
  const published = async (templateId: LandingPageTemplateId, content: LandingPageContent) => {
    pageCount += 1;
    const slug = `page-${pageCount}`;
    const created = await api('POST', '', { slug, templateId, content });
    expect(created.statusCode, created.body).toBe(201);
    await api('POST', `/${created.json<{ id: number }>().id}/publish`);
    const response = await t.current.app.inject({ url: `/p/${team}/${slug}` });
    expect(response.statusCode).toBe(200);
    return parseHtml(response.body);
  };

  const benign = new Map<string, ReturnType<typeof parseHtml>>();
  const benignPage = async (templateId: LandingPageTemplateId, ctaType: CtaType) => {
    const key = `${templateId}-${ctaType}`;
    if (!benign.has(key)) benign.set(key, await published(templateId, BENIGN(ctaType)));
    return benign.get(key)!;
  };

  /** No element, attribute or stylesheet that the plain page lacks; one script, the tracker. */
  async function expectInert(
    page: ReturnType<typeof parseHtml>,
    templateId: LandingPageTemplateId,
    ctaType: CtaType,
  ) {
    const plain = await benignPage(templateId, ctaType);
    expect(page.skeleton()).toEqual(plain.skeleton());
    const scripts = page.all('script');
    expect(scripts.map((script) => [script.attrs, textOf(script)])).toEqual([
      [
        [
          { name: 'src', value: `https://app.example.com/api/tracker/${team}.js` },
          // The page's own collect key (issue 34, finding 3): random, never the content.
          { name: 'data-collect-key', value: expect.stringMatching(/^[\w-]{16,}$/) as string },
        ],
        '',
      ],
    ]);
    expect(page.all('style').map(textOf)).toEqual(plain.all('style').map(textOf));
    const attributes = page.elements.flatMap((element) => element.attrs);
    expect(attributes.filter((attr) => /^on/i.test(attr.name))).toEqual([]);
    const scriptUrl = /^(javascript|vbscript|data):/i;
    const unsafe = attributes.filter(
      (attr) =>
        URL_ATTRIBUTES.includes(attr.name) &&
        // Browsers drop ASCII tabs, newlines and leading controls from URLs before the scheme.
        // eslint-disable-next-line no-control-regex -- the controls are what a browser ignores
        scriptUrl.test(attr.value.replace(/[\u0000-\u0020]/g, '')),
    );
    expect(unsafe).toEqual([]);
  }

  /** Every field shows exactly what was typed, as text or as an attribute value. */
  function expectShownAsText(page: ReturnType<typeof parseHtml>, content: LandingPageContent) {
    const only = (tag: string, className?: string) => page.all(tag, className).map(textOf);
    expect(only('title')).toEqual([content.headline]);
    expect(only('h1')).toEqual([content.headline]);
    expect(only('footer')).toEqual([`${content.headline}Made with Kindling`]);
    const description = page
      .all('meta')
      .find((meta) => page.attribute(meta, 'name') === 'description');
    expect(description && page.attribute(description, 'content')).toBe(content.subheadline);
    expect(only('p', 'lead')).toEqual([content.subheadline]);
    expect(page.all('li', 'card').map((card) => textOf(card))).toEqual(content.features);
    expect(only('p', 'pill')).toEqual([content.price]);
    expect(only('p', 'amount')).toEqual([content.price]);
    expect(page.all('img').map((img) => page.attribute(img, 'src'))).toEqual([content.imageUrl]);
    const buttons = [...page.all('button', 'btn'), ...page.all('a', 'btn')];
    expect(buttons.map(textOf)).toEqual(buttons.map(() => content.cta.label));
    if (content.cta.type === 'link') {
      expect(page.all('a', 'btn').map((link) => page.attribute(link, 'href'))).toEqual([
        content.cta.url,
        content.cta.url,
      ]);
    }
  }

  beforeAll(async () => {
    const owner = await signUp(t.current.app, 'Hostile Hannah');
    headers = bearer(owner);
    team = await createTeam(t.current.app, owner, 'Hostile Team');
  });

  it.each(PAYLOADS.map((payload, index) => [index, payload] as const))(
    'payload %i in every text field is only text: %s',
    async (index, payload) => {
      const templateId = ((index % 3) + 1) as LandingPageTemplateId;
      const ctaType: CtaType = index % 2 === 0 ? 'signup' : 'link';
      const content = hostileContent(payload, ctaType);
      const page = await published(templateId, content);
      await expectInert(page, templateId, ctaType);
      expectShownAsText(page, content);
    },
  );

  it('keeps link and image addresses that carry markup as attribute values only', async () => {
    for (const [index, link] of HOSTILE_LINKS.entries()) {
      const image = HOSTILE_IMAGES[index % HOSTILE_IMAGES.length]!;
      const templateId = ((index % 3) + 1) as LandingPageTemplateId;
      const content = hostileContent('"><script>alert(1)</script>', 'link', link, image);
      const page = await published(templateId, content);
      await expectInert(page, templateId, 'link');
      expectShownAsText(page, content);
    }
  });

  it('refuses script and malformed addresses and slugs verbatim, changing nothing', async () => {
    const created = await api('POST', '', { slug: 'kept', content: BENIGN('link') });
    const id = created.json<{ id: number }>().id;
    const before = await snapshotTables(t.current.services.db, ['pages']);
    const cases: [object, string][] = [
      ...BAD_LINKS.map((url): [object, string] => [
        { slug: 'kept', content: { ...BENIGN('link'), cta: { type: 'link', label: 'Go', url } } },
        LANDING_PAGE_MESSAGES.ctaUrl,
      ]),
      ...BAD_IMAGES.map((imageUrl): [object, string] => [
        { slug: 'kept', content: { ...BENIGN('signup'), imageUrl } },
        LANDING_PAGE_MESSAGES.imageUrl,
      ]),
      ...BAD_SLUGS.map((slug): [object, string] => [
        { slug, content: BENIGN('signup') },
        LANDING_PAGE_MESSAGES.slug,
      ]),
    ];
    for (const [payload, message] of cases) {
      for (const [method, path] of [
        ['POST', ''],
        ['PUT', `/${id}`],
      ] as const) {
        const response = await api(method, path, payload);
        expect({
          method,
          payload,
          status: response.statusCode,
          message: errorOf(response).message,
        }).toEqual({ method, payload, status: 400, message });
      }
    }
    expect(await snapshotTables(t.current.services.db, ['pages'])).toBe(before);
  });
});
