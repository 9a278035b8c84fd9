import { pageKey, samePage, type TrackerBootstrap, type TrackerGoal } from '@kindling/domain';
import { findElements } from '../find-elements';
import { createApplier, SETTLE_MS } from './apply';
import { liveExposures, SEEN_KEY, type TrackerEvent } from './events';
import { createHider, HIDE_KEY, validSelector, type Hider } from './hide';
import { watchHistory } from './history';
import { touchSession, VISITOR_KEY, visitorId } from './ids';
import { newId } from './new-id';
import { planPage, type Config, type Targeting } from './plan';
import { enteredPreview } from './preview-gate';
import { createQueue } from './queue';
import { sender } from './send';
import type { Sanitize } from '../sanitize-html';
import { loadPart, type ForwardedExposures } from './load-part';
import { cookieStore, localStore, memoryStore, readJson, save, type Store } from './storage';

export const CONSENT_KEY = 'kindling.consent';

type Command = (name?: unknown, value?: unknown, hook?: unknown) => void;

declare global {
  interface Window {
    /**
     * `kindling('revenue', 19.99)`, `kindling('consent', false)`, `kindling('on', 'exposure', fn)`;
     * `q` holds calls made early.
     */
    kindling?: Command & { q?: ArrayLike<unknown>[]; started?: boolean };
  }
}

interface Context {
  config: Config;
  configUrl: string;
  store: Store;
  visitor: string;
  hider: Hider;
  /** How this page load arrived, sent with each exposure (see `Arrival`). */
  arrival: Arrival;
  html: Sanitize | undefined;
  targeting: Targeting | undefined;
}

/**
 * The referrer's host (undefined, so left out of the JSON, without one) and whether the visitor
 * id was stored before this page load: what the server cannot see itself, for the breakdown of
 * a sample ratio mismatch (docs/statistics.md). The server validates and classes both.
 */
interface Arrival {
  referrer: string | undefined;
  returning: boolean;
  /** Set by the targeting part for a visitor in the team's global holdout. */
  holdout?: true;
}

/**
 * A Kindling burner page's collect key (its tag's data-collect-key), sent with each event. Read
 * as the bundle runs, the only moment document.currentScript is the tag.
 */
const collectKey = document.currentScript?.dataset.collectKey;

function run(context: Context, commands: unknown[][]): void {
  const { config, configUrl, store, visitor, hider, arrival, html, targeting } = context;
  const queue = createQueue<TrackerEvent>({
    store,
    send: sender(config.collectUrl),
    now: Date.now,
    schedule: (task, ms) => setTimeout(task, ms),
  });
  let consented = store.getItem(CONSENT_KEY) !== '0';
  const base = (campaignId: number) => ({
    id: newId(),
    campaignId,
    // Undefined off Kindling's burner pages, and then left out of the JSON.
    collectKey,
    visitorId: visitor,
    sessionId: touchSession(store),
    ts: Date.now(),
    url: location.href.slice(0, 2048),
  });
  const emit = (event: TrackerEvent) => {
    if (consented) queue.push(event);
    return true;
  };
  /** This visitor's exposures of the last 7 days, by campaign. */
  const seenNow = () => liveExposures(readJson(store, SEEN_KEY), Date.now());
  /** Served campaigns this visitor was exposed to in the last 7 days. */
  const exposed = () => {
    const live = seenNow();
    return config.campaigns.filter((campaign) => campaign.id in live);
  };
  /** Sends a goal event for each goal of an exposed campaign that `reached` says was reached. */
  const reach = (reached: (goal: TrackerGoal) => boolean | undefined): boolean => {
    let hit = false;
    for (const campaign of exposed()) {
      for (const goal of campaign.goals) {
        if (reached(goal)) hit = emit({ ...base(campaign.id), type: 'goal', goalId: goal.id });
      }
    }
    return hit;
  };

  /** What the site said of this visitor, `kindling('set', {plan: 'pro'})`, for audiences. */
  const set: Record<string, unknown> = {};
  const [runsOn, admits, more] = targeting?.(config, store, visitor, arrival, set, html) ?? [];
  let finish: (() => void) | undefined;
  /** What forward.js hands on (load-part.ts): exposures not handed on yet, and the hooks. */
  const forward: ForwardedExposures = { config, exposures: [], hooks: [] };
  const applier = createApplier({
    onApplied(change) {
      hider.reveal(change.selector);
    },
    onLoop(change, pauseMs) {
      console.warn('kindling: undone', change.selector, pauseMs);
    },
    wasSeen: hider.wasSeen,
    html: more ?? html,
  });

  let current: string | undefined;
  function pageView(startMs: number): void {
    finish?.();
    const href = location.href;
    current = pageKey(href);
    const plan = planPage(config, href, visitor, runsOn, admits);
    // The exposures go once the page settled; goals and revenue of this page view wait for them.
    if (plan.exposures.length) queue.hold(true);
    hider.keepOnly(plan.changes.map((change) => change.selector));
    // What the async snippet hides on this visitor's next view of this page (hide.ts HIDE_KEY).
    const hidden = readJson<Record<string, string>>(store, HIDE_KEY) ?? {};
    // An empty list stays: the snippet hides nothing for it.
    hidden[current!] = plan.changes
      .map((change) => change.selector)
      .filter(validSelector)
      .join();
    save(store, HIDE_KEY, JSON.stringify(hidden));
    const seen = seenNow();
    for (const { campaignId } of plan.exposures) seen[campaignId] = Date.now();
    save(store, SEEN_KEY, JSON.stringify(seen));
    const ts = Date.now();
    applier.show(plan.changes, startMs);
    reach((goal) => goal.type === 'pageView' && samePage(goal.url, href));
    let timer = 0;
    const done = () => {
      clearTimeout(timer);
      finish = undefined;
      const sampled: { campaignId: number; exposureId: string }[] = [];
      for (const { campaignId, assignments } of plan.exposures) {
        const { applied, healed } = applier.report(campaignId);
        const exposure = base(campaignId);
        const rate = config.campaigns.find((campaign) => campaign.id === campaignId)?.vitals;
        if (consented && Math.random() < (rate ?? 0)) {
          sampled.push({ campaignId, exposureId: exposure.id });
        }
        emit({
          ...exposure,
          ts,
          type: 'exposure',
          assignments,
          applied,
          ...(healed.length ? { healed } : {}),
          ...arrival,
        });
      }
      queue.hold(false);
      // To the team's analytics tools and the page's hooks (issue 33), as the visitor consented.
      if ((config.forward || forward.hooks[0]) && consented && plan.exposures[0]) {
        forward.exposures.push(...plan.exposures);
        loadPart(configUrl, 'forward', forward);
      }
      // Only with a sampled exposure: the session is touched by what is sent, never otherwise.
      if (sampled[0]) {
        loadPart(configUrl, 'vitals', {
          collectKey,
          visitorId: visitor,
          sessionId: touchSession(store),
          exposures: sampled,
        });
      }
    };
    finish = done;
    const afterLoad = () => {
      if (applier.pending()) timer = setTimeout(done, SETTLE_MS);
      else done();
    };
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', afterLoad, { once: true });
    } else afterLoad();
  }

  const command: Command = (name, value, hook) => {
    if (name === 'on') forward.hooks.push([value, hook]);
    // Only an object's own keys are kept (Object.assign skips null and numbers).
    if (name === 'set') Object.assign(set, value);
    if (name === 'consent') {
      consented = value !== false;
      if (consented) store.removeItem(CONSENT_KEY);
      else {
        save(store, CONSENT_KEY, '0');
        // Not handed on either, though forward.js has yet to run.
        forward.exposures.length = 0;
      }
      queue.setEnabled(consented);
    }
    // Linked after `load` by identify.js (nothing without consent); effective from the next load.
    if (name === 'identify' && consented) {
      loadPart(configUrl, name, [value, visitor]);
    }
    if (name === 'revenue' && typeof value === 'number' && value >= 0 && value < 1e9) {
      for (const { id } of exposed()) emit({ ...base(id), type: 'revenue', amount: value });
    }
  };
  commands.forEach((args) => command(...args));
  window.kindling = Object.assign(command, { started: true });
  queue.setEnabled(consented);

  pageView(0);
  watchHistory(() => {
    if (pageKey(location.href) !== current) pageView(performance.now());
  });
  document.addEventListener(
    'click',
    (event) => {
      const path = event.composedPath();
      const hit = reach(
        (goal) =>
          goal.type === 'click' &&
          goal.selectors.some((s) => findElements(s).some((el) => path.includes(el))),
      );
      // The click may leave the page: send now (keepalive outlives the page).
      if (hit) void queue.flush();
    },
    true,
  );
  // Leaving before the page settled: the exposure says what was applied by then.
  addEventListener('pagehide', () => {
    finish?.();
    void queue.flush();
  });
}

/**
 * Starts the tracker on this page; `boot` is what the server embedded in the script, `html` the
 * sanitiser when the team's variants hold HTML, `targeting` the page-rule and audience part when
 * its campaigns have page rules or audiences.
 */
export function startTracker(
  boot: TrackerBootstrap,
  html?: Sanitize,
  targeting?: () => Promise<{ default: Targeting }>,
): void {
  const stub = window.kindling;
  if (stub?.started) return;
  const commands: unknown[][] = Array.from(stub?.q ?? [], (args) => Array.from(args));
  window.kindling = Object.assign((...args: unknown[]) => void commands.push(args), {
    started: true,
  });
  const start = () => {
    // Do Not Track: the page stays exactly as its owner made it and nothing is stored or sent.
    if (navigator.doNotTrack === '1') return;
    const href = location.href;
    const hider = createHider(
      boot.h.filter(([where]) => where === null || samePage(where, href)).flatMap(([, s]) => s),
    );
    const local = localStore();
    const store = local ?? memoryStore();
    const stores = local ? [local, cookieStore()] : [cookieStore()];
    const arrival = {
      referrer: document.referrer.split('/')[2],
      returning: stores.some((s) => s.getItem(VISITOR_KEY)),
    };
    const visitor = visitorId(stores, newId);
    // Without a config (an error answer, no network, a bad body) the page stays as it was made.
    Promise.all([
      fetch(boot.c).then<Config | false>(
        (response) => response.ok && (response.json() as Promise<Config>),
      ),
      targeting?.(),
    ])
      .then(([config, part]) =>
        config
          ? run(
              {
                config,
                configUrl: boot.c,
                store,
                visitor,
                hider,
                arrival,
                html,
                targeting: part?.default,
              },
              commands,
            )
          : hider.keepOnly([]),
      )
      .catch(() => hider.keepOnly([]));
  };
  // A variant preview link: the preview script shows it and nothing is counted.
  if (!enteredPreview(boot.c, start)) start();
}
