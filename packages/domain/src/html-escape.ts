// The one escaping rule for text the server writes into HTML it builds itself (landing pages,
// mails, the preview and the tracker tag):
// every character that can end a text node or an attribute value becomes an entity.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in a text node and in a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}
