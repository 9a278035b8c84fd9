import {
  redirectTarget,
  samePage,
  VARIANT_PREVIEW_PARAM,
  VARIANT_PREVIEW_STORAGE_KEY,
  withoutPreviewParam,
  type ElementFingerprint,
} from '@kindling/domain';
import type { PageMutation } from '../mutation-types';
import { sanitizeHtml } from '../sanitize-html';
import { createApplier } from '../tracker/apply';
import { withPartChanges } from '../tracker/page-changes';
import { watchHistory } from '../tracker/history';
import { showBadge } from './badge';

// GET /api/tracker/{team}/preview.js: loaded by the tracker, instead of running, on a page
// opened from a variant preview link (or in a tab that opened one). It asks the server to check
// the link, then shows exactly that arm in this tab and the badge. It never sends an event: a
// preview is not a visit. A refused link (forged, expired, flag off) clears the tab's preview
// and hands back to the tracker, which runs as for any visitor.

/** The answer of GET /api/tracker/{team}/variant-preview (docs/api.md). */
interface OpenedPreview {
  campaignId: number;
  url: string;
  elementId: number;
  selector: string;
  fingerprint?: ElementFingerprint;
  mutations: PageMutation[];
  label: string;
}

const KEY = VARIANT_PREVIEW_STORAGE_KEY;
const script = document.currentScript as HTMLScriptElement | null;
const resume = window.kindlingPreview ?? (() => undefined);

function remembered(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function forget(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing was kept
  }
}

function leave(): void {
  forget();
  const target = withoutPreviewParam(location.href);
  // Same address (no parameter here, e.g. after navigating): replace() would only scroll.
  if (target === location.href) location.reload();
  else location.replace(target);
}

/**
 * A split-URL variant (issue 32): its preview is the variant page, reached as its visitors reach
 * it. The link's parameter goes along in the query, so the tag there opens the same preview and
 * shows the badge (it changes nothing there: the campaign's page is the original).
 */
function sentOn(preview: OpenedPreview): boolean {
  const away = preview.mutations.find((mutation) => mutation.type === 'redirect');
  const target =
    away && samePage(preview.url, location.href) && redirectTarget(away.url, location.href);
  if (target) location.replace(target);
  return !!target;
}

function show(preview: OpenedPreview): void {
  if (sentOn(preview)) return;
  const applier = createApplier({
    onApplied: () => undefined,
    onLoop: (_change, pauseMs) => console.warn('kindling: undone', pauseMs),
    wasSeen: () => false,
    // Variants' stylesheets and scripts as visitors get them (split-URL variants are sent on).
    html: withPartChanges(sanitizeHtml),
  });
  // Only on the campaign's page; a single-page app moving to another page drops the change
  // (as the tracker does), and moving back applies it again.
  const apply = () => applier.show(samePage(preview.url, location.href) ? [{ ...preview }] : [], 0);
  apply();
  watchHistory(apply);
  const badge = () => showBadge(preview.label, leave);
  if (document.body) badge();
  else document.addEventListener('DOMContentLoaded', badge, { once: true });
}

const token = new URLSearchParams(location.search).get(VARIANT_PREVIEW_PARAM) ?? remembered();
if (!token || !script) {
  forget();
  resume();
} else {
  const check = script.src.replace(/preview\.js(\?.*)?$/, 'variant-preview');
  fetch(`${check}?token=${encodeURIComponent(token)}`, { cache: 'no-store', credentials: 'omit' })
    .then((response) =>
      response.ok ? (response.json() as Promise<OpenedPreview>) : Promise.reject(new Error('link')),
    )
    .then((preview) => {
      try {
        sessionStorage.setItem(KEY, token);
      } catch {
        // Only this page previews; the next one runs the tracker.
      }
      show(preview);
    })
    .catch(() => {
      forget();
      resume();
    });
}
