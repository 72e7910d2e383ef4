/**
 * The query cache a server-rendered page carries, as JSON: what JSON has no
 * form for (a Map, a Set, a Date: query data holds them) is written as a
 * tagged object and read back as itself, so the browser's cache holds what
 * its own fetch would have.
 */
const tag = '$bistroType';

type Tagged =
  | { [tag]: 'Map'; entries: [unknown, unknown][] }
  | { [tag]: 'Set'; values: unknown[] }
  | { [tag]: 'Date'; iso: string };

/** JSON of `value`, Maps, Sets and Dates tagged. */
export function stringifyQueryState(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, current: unknown) {
    // Date.prototype.toJSON has run by now: read the holder's own value
    const original = key === '' ? current : this[key];
    if (original instanceof Map) return { [tag]: 'Map', entries: [...original] } satisfies Tagged;
    if (original instanceof Set) return { [tag]: 'Set', values: [...original] } satisfies Tagged;
    if (original instanceof Date)
      return { [tag]: 'Date', iso: original.toISOString() } satisfies Tagged;
    return current;
  });
}

/** The value `stringifyQueryState` wrote. */
export function parseQueryState(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || !(tag in value)) return value;
    const tagged = value as Tagged;
    switch (tagged[tag]) {
      case 'Map':
        return new Map(tagged.entries);
      case 'Set':
        return new Set(tagged.values);
      case 'Date':
        return new Date(tagged.iso);
      default:
        return value;
    }
  });
}
