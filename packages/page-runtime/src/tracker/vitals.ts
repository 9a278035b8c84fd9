// Web Vitals per variant (issue 30): once the page has loaded, a sampled page view loads
// vitals.js beside the config (outside the tracker's size budget), which reports LCP, CLS and
// INP for this page view's exposures. Nothing is fetched before `load`.

export interface VitalsPage {
  collectUrl: string;
  /** The burner page's collect key, on Kindling's own pages only. */
  collectKey?: string;
  visitorId: string;
  sessionId: string;
  /** The exposures of this page view whose campaign drew it into its vitals sample. */
  exposures: { campaignId: number; exposureId: string }[];
}

declare global {
  interface Window {
    /** What vitals.js reports for: set by the tracker just before it loads the script. */
    kindlingVitals?: VitalsPage;
  }
}

/** Loads vitals.js after `load` for the sampled exposures. */
export function loadVitals(configUrl: string, page: VitalsPage): void {
  const go = () =>
    setTimeout(() => {
      window.kindlingVitals = page;
      const script = document.createElement('script');
      script.src = configUrl.replace('config.json', 'vitals.js');
      document.head.append(script);
    });
  if (document.readyState === 'complete') go();
  else addEventListener('load', go, { once: true });
}
