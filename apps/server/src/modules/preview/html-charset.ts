// The proxy re-serves pages as UTF-8, so bodies in other encodings are decoded with the
// charset the site declared: header first, then <meta> in the first 1024 bytes (as browsers do).

const META_CHARSET = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;

function declaredCharset(contentTypeHeader: string | undefined, body: Buffer): string | undefined {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentTypeHeader ?? '')?.[1];
  return fromHeader ?? META_CHARSET.exec(body.subarray(0, 1024).toString('latin1'))?.[1];
}

export function decodeHtml(body: Buffer, contentTypeHeader: string | undefined): string {
  const label = declaredCharset(contentTypeHeader, body);
  try {
    return new TextDecoder(label ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** Bodies without a content type are taken for HTML when they start like a document. */
export function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(?:<!doctype html|<html|<head|<body|<!--)/i.test(
    body.subarray(0, 512).toString('latin1'),
  );
}
