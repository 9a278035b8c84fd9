// The badge on a previewed page: in a shadow root, so the page's CSS cannot restyle or hide its
// insides, and with every host declaration !important, so page rules cannot move the host.

const HOST_STYLE = [
  'all:initial',
  'position:fixed',
  'left:8px',
  'right:8px',
  'bottom:8px',
  'z-index:2147483647',
  'display:flex',
  'justify-content:center',
  'pointer-events:none',
]
  .map((rule) => `${rule}!important`)
  .join(';');

const STYLE = `
.badge{pointer-events:auto;box-sizing:border-box;max-width:100%;display:flex;flex-wrap:wrap;
align-items:center;gap:8px 12px;padding:10px 12px 10px 16px;border-radius:12px;
background:#1c1917;color:#fafaf9;font:500 14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
box-shadow:0 8px 24px rgba(0,0,0,.25);text-align:left}
.label{margin:0;flex:1 1 200px;min-width:0;overflow-wrap:anywhere}
.label strong{color:#fdba74;font-weight:600}
button{font:inherit;font-weight:600;color:#1c1917;background:#fafaf9;border:0;border-radius:8px;
padding:8px 14px;min-height:40px;cursor:pointer;flex:0 0 auto}
button:hover{background:#e7e5e4}
button:focus-visible{outline:3px solid #fdba74;outline-offset:2px}`;

/** Shows "Kindling preview: Variant 2 of …" with a "Leave preview" button; returns the host. */
export function showBadge(label: string, onLeave: () => void): HTMLElement {
  const host = document.createElement('kindling-preview-badge');
  host.setAttribute('style', HOST_STYLE);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const badge = document.createElement('div');
  badge.className = 'badge';
  badge.setAttribute('role', 'region');
  badge.setAttribute('aria-label', 'Kindling preview');
  const text = document.createElement('p');
  text.className = 'label';
  text.setAttribute('role', 'status');
  // "Kindling preview:" stands out; the rest names the variant and element.
  const [lead = '', ...rest] = label.split(': ');
  const strong = document.createElement('strong');
  strong.textContent = `${lead}:`;
  text.append(strong, ` ${rest.join(': ')}`);
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Leave preview';
  button.addEventListener('click', onLeave);
  badge.append(text, button);
  root.append(style, badge);
  document.body.append(host);
  return host;
}
