/** Quotes a list as a Postgres array literal ('{"a","b"}'), for a text[] (or other array) parameter. */
export function pgArrayLiteral(items: unknown[]): string {
  const quote = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return pgArrayLiteral(v);
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${items.map(quote).join(',')}}`;
}
