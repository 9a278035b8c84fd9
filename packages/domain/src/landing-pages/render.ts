import { escapeHtml } from '../html-escape';
import {
  DEFAULT_LANDING_PAGE_CONSENT,
  LANDING_PAGE_HONEYPOT_FIELD,
  LANDING_PAGE_LIMITS,
  type LandingPageContent,
  type LandingPageTemplateId,
} from './content';
import { landingPageStyles } from './styles';

export interface RenderLandingPageOptions {
  templateId: LandingPageTemplateId;
  content: LandingPageContent;
  /** The team's tracker <script> tag, as the tracker module makes it (trusted, not escaped). */
  trackerTag: string;
  /** False: a robots meta tag keeps search engines away (the server sends X-Robots-Tag too). */
  indexable: boolean;
  /** Where the sign-up form posts: /p/{team}/{slug}/signup. */
  signupAction: string;
}

const CHECK =
  '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" d="M5 12.5l4.5 4.5L19 7.5"/></svg>';

/** The call to action: an e-mail sign-up form (with its honeypot) or a link button. */
function callToAction(content: LandingPageContent, signupAction: string): string {
  const label = escapeHtml(content.cta.label);
  if (content.cta.type === 'link') {
    return `<p><a class="btn" href="${escapeHtml(content.cta.url ?? '#')}">${label}</a></p>`;
  }
  const honeypot = LANDING_PAGE_HONEYPOT_FIELD;
  return `<form class="signup" id="signup" method="post" action="${escapeHtml(signupAction)}">
<label class="sr-only" for="email">E-mail address</label>
<div class="row"><input id="email" name="email" type="email" required maxlength="254" autocomplete="email" placeholder="you@example.com" aria-describedby="consent"><button class="btn" type="submit">${label}</button></div>
<div class="hp" aria-hidden="true"><label for="${honeypot}">Leave this field empty</label><input id="${honeypot}" name="${honeypot}" type="text" tabindex="-1" autocomplete="off"></div>
${consentLine(content)}
</form>`;
}

/** What is done with the address, and the privacy policy when the page links one. */
function consentLine(content: LandingPageContent): string {
  const privacy = content.privacyUrl
    ? ` <a href="${escapeHtml(content.privacyUrl)}" rel="privacy-policy">Privacy policy</a>`
    : '';
  return `<p class="consent" id="consent">${escapeHtml(content.consent ?? DEFAULT_LANDING_PAGE_CONSENT)}${privacy}</p>`;
}

/** A second call to action under the price: a link to the form, or the link itself. */
function secondCallToAction(content: LandingPageContent): string {
  const href = content.cta.type === 'link' ? (content.cta.url ?? '#') : '#signup';
  return `<a class="btn" href="${escapeHtml(href)}">${escapeHtml(content.cta.label)}</a>`;
}

function art(content: LandingPageContent): string {
  if (content.imageUrl) {
    return `<div class="art"><img src="${escapeHtml(content.imageUrl)}" alt="" width="800" height="600" decoding="async"></div>`;
  }
  return '<div class="art art-mock" aria-hidden="true"><div class="mock"><div class="dots"><i></i><i></i><i></i></div><div class="block"></div><i class="w80"></i><i class="w60"></i><i class="w40"></i></div></div>';
}

/**
 * A published burner page: static HTML with its CSS inline, no script but the tracker tag.
 * Every field is escaped here and only here (escapeHtml), so no content can add markup.
 */
export function renderLandingPage(options: RenderLandingPageOptions): string {
  const { content, templateId } = options;
  const headline = escapeHtml(content.headline);
  const price = content.price ? escapeHtml(content.price) : undefined;
  const features = content.features
    .slice(0, LANDING_PAGE_LIMITS.featureCount)
    .map((feature) => `<li class="card">${CHECK}<p>${escapeHtml(feature)}</p></li>`)
    .join('\n');
  const logo = content.logoUrl
    ? `<p class="logo"><img src="${escapeHtml(content.logoUrl)}" alt="" height="40" decoding="async"></p>\n`
    : '';
  const pricing = price
    ? `<section class="pricing" aria-labelledby="pricing-title"><div class="wrap"><div class="plan"><h2 id="pricing-title">Pricing</h2><p class="amount">${price}</p>${secondCallToAction(content)}</div></div></section>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${headline}</title>
<meta name="description" content="${escapeHtml(content.subheadline)}">
${options.indexable ? '' : '<meta name="robots" content="noindex">\n'}<style>${landingPageStyles(templateId)}</style>
${options.trackerTag}
</head>
<body class="template-${templateId}">
<a class="skip" href="#main">Skip to content</a>
<header class="hero"><div class="wrap hero-grid">
<div class="hero-copy">
${logo}${price ? `<p class="pill">${price}</p>\n` : ''}<h1>${headline}</h1>
<p class="lead">${escapeHtml(content.subheadline)}</p>
${callToAction(content, options.signupAction)}
</div>
${art(content)}
</div></header>
<main id="main">
<section class="features" aria-labelledby="features-title"><div class="wrap">
<h2 id="features-title">Why you will love it</h2>
<ul class="cards">
${features}
</ul>
</div></section>
${pricing}
</main>
<footer class="site-footer"><div class="wrap"><p>${headline}</p>${content.showBadge === false ? '' : '<p>Made with Kindling</p>'}</div></footer>
</body>
</html>
`;
}

/** A short page in the template's look: the thank-you after a form sign-up, or why it failed. */
export function renderLandingPageNotice(options: {
  templateId: LandingPageTemplateId;
  title: string;
  message: string;
  backHref: string;
  /** The team's tracker tag, on the thank-you page whose view is the sign-up goal. */
  trackerTag?: string;
}): string {
  const title = escapeHtml(options.title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="robots" content="noindex">
<style>${landingPageStyles(options.templateId)}
.notice{min-height:100vh;display:grid;place-items:center;text-align:center}.notice .lead{margin-inline:auto}</style>
${options.trackerTag ? `${options.trackerTag}\n` : ''}</head>
<body class="template-${options.templateId}">
<main class="hero notice" id="main"><div class="wrap">
<h1>${title}</h1>
<p class="lead">${escapeHtml(options.message)}</p>
<p><a class="btn" href="${escapeHtml(options.backHref)}">Back to the page</a></p>
</div></main>
</body>
</html>
`;
}
