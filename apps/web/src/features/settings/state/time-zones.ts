/** Every zone the browser knows, for a time zone picker; `current` stays selectable. */
export function timeZones(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  // Some engines leave out UTC (or the stored zone); keep both selectable.
  return Array.from(new Set(['UTC', current, ...zones])).sort((a, b) => a.localeCompare(b));
}

/** How a zone reads in a list: Europe/Berlin, America/New York. */
export const zoneLabel = (zone: string) => zone.replace(/_/g, ' ');
