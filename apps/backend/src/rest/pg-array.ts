/** A Postgres array literal (text input form) of any JSON-ish values, nested arrays included. */
export function pgArrayLiteral(items: unknown[]): string {
  const quote = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return pgArrayLiteral(v);
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${items.map(quote).join(',')}}`;
}
