import type { LandingPageTemplateId } from './content';

// The stylesheet of every template, written once into the page's <style>. One markup, three
// looks: each template sets the palette and type below and a few layout rules of its own.
// Breakpoint 768 px, the app's own.

const BASE = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-behavior:smooth}
body{margin:0;background:var(--bg);color:var(--ink);font:17px/1.6 var(--font);-webkit-font-smoothing:antialiased;overflow-wrap:anywhere}
img{max-width:100%;height:auto;display:block}
a{color:inherit}
.wrap{width:min(1120px,100% - 40px);margin-inline:auto}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.skip{position:absolute;left:12px;top:-60px;background:var(--ink);color:var(--bg);padding:8px 14px;border-radius:8px;z-index:2}
.skip:focus{top:12px}
.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
.hero{position:relative;overflow:hidden;padding:72px 0 88px;background:var(--hero)}
.hero-grid{display:grid;gap:48px;align-items:center}
.pill{display:inline-flex;align-items:center;gap:8px;font-size:.85rem;font-weight:700;padding:6px 14px 6px 8px;border-radius:999px;background:var(--card);border:1px solid var(--line);margin:0 0 24px;color:var(--ink)}
.pill::before{content:"";width:10px;height:10px;border-radius:50%;margin-left:4px;background:linear-gradient(135deg,var(--accent),var(--accent-2));box-shadow:0 0 0 4px var(--soft)}
h1{font:800 clamp(2.3rem,5.2vw,3.9rem)/1.06 var(--display);letter-spacing:-.03em;margin:0 0 20px;text-wrap:balance}
.lead{font-size:clamp(1.08rem,1.6vw,1.28rem);color:var(--muted);margin:0 0 32px;max-width:36em;text-wrap:pretty}
.row{display:flex;gap:10px;flex-wrap:wrap;max-width:520px}
.row input{flex:1 1 220px;min-width:0;font:inherit;padding:15px 18px;border-radius:var(--radius);border:1.5px solid var(--line);background:var(--field);color:var(--ink)}
.row input:focus{outline:3px solid var(--ring);outline-offset:1px;border-color:var(--accent)}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;font:700 1rem/1.25 var(--font);padding:15px 26px;text-align:center;border:0;border-radius:var(--radius);background:var(--accent);background:linear-gradient(135deg,var(--accent),var(--accent-2));color:var(--on-accent);text-decoration:none;cursor:pointer;box-shadow:0 10px 24px -10px var(--accent);transition:transform .15s,box-shadow .15s}
.btn:hover{transform:translateY(-1px);box-shadow:0 14px 28px -10px var(--accent)}
.btn:focus-visible{outline:3px solid var(--ring);outline-offset:3px}
.note{margin:16px 0 0;font-size:.9rem;color:var(--muted)}
.art{position:relative}
.art img{border-radius:20px;box-shadow:0 30px 60px -25px rgba(15,23,42,.45);width:100%;object-fit:cover;aspect-ratio:4/3}
.mock{border-radius:20px;background:var(--card);border:1px solid var(--line);box-shadow:0 30px 60px -25px rgba(15,23,42,.35);padding:18px;aspect-ratio:4/3}
.mock i{display:block;border-radius:8px;background:var(--line);height:12px;margin:12px 0}
.mock .dots{display:flex;gap:6px;margin-bottom:22px}
.mock .dots i{width:10px;height:10px;border-radius:50%;margin:0}
.mock .block{height:46%;background:linear-gradient(135deg,var(--accent),var(--accent-2));opacity:.9;border-radius:14px}
.mock .w60{width:60%}.mock .w80{width:80%}.mock .w40{width:40%}
.features{padding:88px 0}
.features h2,.pricing h2{font:800 clamp(1.6rem,3vw,2.2rem)/1.15 var(--display);letter-spacing:-.02em;margin:0 0 36px;text-align:center}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:20px}
.card{background:var(--card);border:1px solid var(--line);border-radius:18px;padding:28px}
.card svg{width:44px;height:44px;padding:10px;border-radius:12px;background:var(--soft);color:var(--accent);margin-bottom:16px}
.card p{margin:0;font-weight:600;font-size:1.05rem}
.pricing{padding:0 0 96px}
.plan{max-width:460px;margin:0 auto;text-align:center;background:var(--card);border:1px solid var(--line);border-radius:24px;padding:40px 28px;box-shadow:0 24px 50px -30px rgba(15,23,42,.35)}
.plan h2{margin-bottom:8px}
.amount{font:800 clamp(1.9rem,4vw,2.6rem)/1.15 var(--display);letter-spacing:-.02em;margin:0 0 24px;color:var(--accent)}
.site-footer{border-top:1px solid var(--line);padding:28px 0;color:var(--muted);font-size:.9rem}
.site-footer .wrap{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}
.site-footer p{margin:0}
.consent{margin:10px 0 0;max-width:34rem;color:var(--muted);font-size:.85rem}
.consent a{color:inherit}
.logo{margin:0 0 18px}.logo img{display:block;height:40px;width:auto;max-width:200px;object-fit:contain}
@media (min-width:768px){.hero{padding:56px 0 88px}.hero-grid{grid-template-columns:1.1fr .9fr;gap:64px}.cards{grid-template-columns:repeat(3,1fr)}.features{padding:80px 0 88px}}
@media (max-width:767px){body{font-size:16px}.hero{padding:28px 0 48px}.row .btn{flex:1 1 100%}.art-mock{display:none}.features{padding:48px 0 56px}.features h2{margin-bottom:24px}.cards{gap:12px}.card{display:flex;align-items:center;gap:16px;padding:18px 20px}.card svg{flex:none;margin:0}.pricing{padding:0 0 56px}.plan{padding:32px 20px}}
@media (prefers-reduced-motion:reduce){html{scroll-behavior:auto}.btn{transition:none}}`;

const SANS =
  'ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';

const THEMES: Record<LandingPageTemplateId, string> = {
  // 1 "Minimal": warm paper, serif headline, everything centred.
  1: `:root{--bg:#fbfaf7;--ink:#1c1917;--muted:#57534e;--accent:#0f766e;--accent-2:#0d9488;--on-accent:#fff;--ring:#99f6e4;--line:#e7e5e4;--card:#fff;--field:#fff;--soft:#ccfbf1;--radius:999px;--font:${SANS};--display:Georgia,"Times New Roman",serif;--hero:#fbfaf7}
.hero-copy{text-align:center}.hero-copy .row,.hero-copy .lead{margin-inline:auto}.row{justify-content:center}h1{font-weight:700;letter-spacing:-.01em}
@media (min-width:768px){.hero-grid{grid-template-columns:1fr;max-width:820px;margin-inline:auto;gap:56px}.art{width:min(560px,100%);margin-inline:auto}}`,
  // 2 "Spotlight" (the default): bright hero with a soft glow, copy beside the picture.
  2: `:root{--bg:#fff;--ink:#0f172a;--muted:#475569;--accent:#4f46e5;--accent-2:#7c3aed;--on-accent:#fff;--ring:#c7d2fe;--line:#e2e8f0;--card:#fff;--field:#fff;--soft:#eef2ff;--radius:12px;--font:${SANS};--display:${SANS};--hero:radial-gradient(60% 70% at 85% 10%,#e0e7ff 0,rgba(224,231,255,0) 70%),radial-gradient(50% 60% at 0% 100%,#f3e8ff 0,rgba(243,232,255,0) 70%),#f8fafc}
.features{background:#fff}`,
  // 3 "Midnight": dark, high contrast, warm accent.
  3: `:root{--bg:#0b1020;--ink:#f8fafc;--muted:#a5b4cb;--accent:#f97316;--accent-2:#f43f5e;--on-accent:#fff;--ring:#fdba74;--line:#1f2a44;--card:#111832;--field:#0f1630;--soft:#2a1a14;--radius:14px;--font:${SANS};--display:${SANS};--hero:radial-gradient(55% 65% at 80% 0%,rgba(249,115,22,.28) 0,rgba(249,115,22,0) 70%),#0b1020}
.mock{box-shadow:0 30px 60px -25px #000}`,
};

export function landingPageStyles(templateId: LandingPageTemplateId): string {
  return `${BASE}\n${THEMES[templateId]}`;
}
