import { escapeHtml } from '@kindling/domain';
export interface MailContent {
  subject: string;
  heading: string;
  /** Plain sentences; escaped for the HTML part. */
  paragraphs: string[];
  action: { label: string; url: string };
  /** Why the reader got this mail and what to do if it was not meant for them. */
  footnote: string;
}

const BRAND = '#e8590c';

/** One branded layout for every mail we send: a plain-text part and a simple HTML part. */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${content.action.label}: ${content.action.url}`,
    '',
    '--',
    content.footnote,
    'Kindling',
  ].join('\n');

  const paragraphs = content.paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`)
    .join('');
  const url = escapeHtml(content.action.url);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f6f6f4;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2328">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:12px;border:1px solid #e6e4df">
<tr><td style="padding:24px 32px 0;font-size:18px;font-weight:700;color:${BRAND}">&#128293; Kindling</td></tr>
<tr><td style="padding:16px 32px 8px;font-size:15px;line-height:1.55">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="background:${BRAND};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#57606a">If the button does not work, paste this address into your browser:<br><a href="${url}" style="color:${BRAND};word-break:break-all">${url}</a></p>
</td></tr>
<tr><td style="padding:16px 32px 24px;font-size:12px;color:#57606a;border-top:1px solid #eeeeea">${escapeHtml(content.footnote)}</td></tr>
</table></td></tr></table></body></html>`;
  return { subject: content.subject, text, html };
}
