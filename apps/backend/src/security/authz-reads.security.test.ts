/**
 * Authorization of reads through the REST API: a member or a visitor sees no row their policies
 * hide, whether read directly, through an embed, or used as an oracle in filters, or= trees,
 * !inner joins and counts. Setup and helpers: authz-support.ts.
 */
import { describe, it } from 'vitest';
import { USERS } from '../integration/support.js';
import { OWNER, keyOf } from './rows.js';
import {
  allRows,
  pkFilter,
  pkOf,
  probe,
  rest,
  schema,
  useAuthzServer,
  visible,
  type Row,
} from './authz-support.js';

useAuthzServer('reads');

describe('reads', () => {
  it('direct reads: a member sees none of another member private rows', async () => {
    // song requests, DJ ratings and approved photos are shared with members by design
    const shared = new Set(['song_requests', 'dj_ratings']);
    for (const [table, owner] of Object.entries(OWNER)) {
      const r = await rest('leo', `/rest/v1/${table}?select=*&${owner}=eq.${USERS.maya.id}`);
      const rows = r.status === 200 ? (r.body as Row[]) : [];
      const leaked = rows.filter(
        (row) => !shared.has(table) && !(table === 'photo_wall' && row['is_approved'] === true),
      );
      probe(leaked.length === 0, `${table}: leo read maya's rows ${JSON.stringify(leaked)}`);
    }
  });

  it('embedded selects reveal no row the caller cannot read directly (every table x embed)', async () => {
    for (const who of ['anon', 'leo'] as const) {
      for (const [table, rels] of Object.entries(schema.embeds)) {
        if (!schema.tables[table]) continue;
        for (const rel of rels) {
          const direct = await visible(who, rel);
          // a to-one embed (the table refers to rel) is one row or null per parent: its counts
          // add up to the parents that show one, not to the rows of rel
          let toOneShown: number | undefined;
          for (const sel of [`*,${rel}(*)`, `*,${rel}!inner(*)`, `*,x:${rel}!left(*)`]) {
            const r = await rest(who, `/rest/v1/${table}?select=${sel}`);
            const parents = r.status === 200 ? (r.body as Row[]) : [];
            if (sel === `*,${rel}(*)` && parents.some((p) => p[rel] && !Array.isArray(p[rel])))
              toOneShown = parents.filter((p) => p[rel] && !Array.isArray(p[rel])).length;
            const embedded = parents.flatMap((p) => {
              const v = p[rel] ?? p['x'];
              return v === null || v === undefined
                ? []
                : Array.isArray(v)
                  ? (v as Row[])
                  : [v as Row];
            });
            const hidden = embedded.filter((e) => !direct.has(keyOf(rel, e)));
            probe(
              hidden.length === 0,
              `${who} ${table}?select=${sel} revealed ${JSON.stringify(hidden)}`,
            );
          }
          // an embedded count counts only visible rows
          const counted = await rest(who, `/rest/v1/${table}?select=*,${rel}(count)`);
          if (counted.status === 200) {
            const total = (counted.body as Row[]).reduce((n, p) => {
              const c = p[rel] as { count: number }[] | { count: number } | null;
              return n + (Array.isArray(c) ? (c[0]?.count ?? 0) : (c?.count ?? 0));
            }, 0);
            const most = toOneShown ?? direct.size;
            probe(total <= most, `${who} ${table}?select=*,${rel}(count) = ${total} > ${most}`);
          } else
            probe(
              counted.status >= 400 && counted.status < 500,
              `${table} count ${counted.status}`,
            );
        }
      }
    }
  });

  it('filters, or= trees, !inner joins and count=exact on hidden rows are no oracle', async () => {
    for (const who of ['anon', 'leo'] as const) {
      for (const table of Object.keys(schema.tables)) {
        const direct = await visible(who, table);
        // count=exact counts what the caller can read, not the table
        const c = await rest(who, `/rest/v1/${table}?select=*`, {
          prefer: 'count=exact',
          headers: { range: '0-0' },
        });
        if (c.status < 300) {
          const total = Number((c.headers.get('content-range') ?? '*/-1').split('/')[1]);
          probe(
            total === direct.size,
            `${who} ${table} count=exact ${total} vs ${direct.size} visible`,
          );
        } else probe(c.status === 401 || c.status === 403, `${who} ${table} count ${c.status}`);
        const hiddenRows = (await allRows(table)).filter((r) => !direct.has(keyOf(table, r)));
        for (const row of hiddenRows.slice(0, 2)) {
          for (const [col, v] of Object.entries(row)) {
            if (v === null || typeof v === 'object') continue;
            const val = encodeURIComponent(String(v));
            for (const q of [
              `${col}=eq.${val}&${pkFilter(table, row)}`,
              `or=(${col}.eq.${val},${col}.neq.${val})&${pkFilter(table, row)}`,
            ]) {
              const r = await rest(who, `/rest/v1/${table}?select=${pkOf(table)[0]}&${q}`, {
                prefer: 'count=exact',
              });
              const n = r.status === 200 ? (r.body as Row[]).length : 0;
              const range = r.headers.get('content-range');
              probe(
                n === 0 && (range === null || range.endsWith('/0')),
                `${who} ${table}?${q} -> ${r.status} ${r.text} ${range}`,
              );
            }
          }
        }
      }
      // joins through a hidden child as a filter on a visible parent
      for (const [parent, child] of [
        ['offers', 'user_offers'],
        ['song_requests', 'song_votes'],
        ['djs', 'dj_ratings'],
      ] as const) {
        const visibleChild = await visible(who, child);
        const mayaRows = (await allRows(child)).filter((r) => r['user_id'] === USERS.maya.id);
        if (mayaRows.every((r) => visibleChild.has(keyOf(child, r)))) continue;
        const r = await rest(
          who,
          `/rest/v1/${parent}?select=id,${child}!inner(user_id)&${child}.user_id=eq.${USERS.maya.id}`,
          { prefer: 'count=exact' },
        );
        const n = r.status === 200 ? (r.body as Row[]).length : 0;
        probe(n === 0, `${who} ${parent} !inner ${child} of maya -> ${r.text}`);
      }
    }
  });
});
