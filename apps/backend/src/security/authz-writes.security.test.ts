/**
 * Authorization of writes through the REST API: return=representation after a denied write,
 * admin-only columns, self-promotion, admin RPCs / edge functions / auth admin API, and a
 * visitor writing anything; each refused, and the database unchanged. Setup and helpers:
 * authz-support.ts.
 */
import { describe, expect, it } from 'vitest';
import { USERS } from '../integration/support.js';
import { ADMIN_ONLY, OWNER, allChanges, keyOf, snapshot, type Snapshot } from './rows.js';
import {
  allRows,
  pkFilter,
  pkOf,
  probe,
  rest,
  schema,
  signIn,
  srv,
  token,
  useAuthzServer,
  type Row,
} from './authz-support.js';

useAuthzServer('writes');

describe('writes', () => {
  it("updates and deletes of rows that aren't the member's return nothing and change nothing, even with return=representation", async () => {
    for (const who of ['anon', 'leo'] as const) {
      const before = await snapshot(srv.db);
      for (const table of Object.keys(schema.tables)) {
        const owner = OWNER[table];
        const rows = (await allRows(table)).filter(
          (r) => who === 'anon' || !owner || r[owner] !== USERS.leo.id,
        );
        for (const row of rows.slice(0, 2)) {
          for (const [col, v] of Object.entries(row)) {
            const r = await rest(who, `/rest/v1/${table}?${pkFilter(table, row)}`, {
              method: 'PATCH',
              body: { [col]: v },
              prefer: 'return=representation',
            });
            const n = r.status === 200 ? (r.body as Row[]).length : 0;
            probe(
              n === 0 && r.status !== 204,
              `${who} PATCH ${table}.${col}: ${r.status} ${r.text}`,
            );
          }
          const d = await rest(who, `/rest/v1/${table}?${pkFilter(table, row)}`, {
            method: 'DELETE',
            prefer: 'return=representation',
          });
          const n = d.status === 200 ? (d.body as Row[]).length : 0;
          probe(n === 0, `${who} DELETE ${table}: ${d.status} ${d.text}`);
          // asking for exactly one object must not reveal whether the row exists either
          const o = await rest(who, `/rest/v1/${table}?${pkFilter(table, row)}`, {
            method: 'PATCH',
            body: { [Object.keys(row)[0] as string]: Object.values(row)[0] },
            prefer: 'return=representation',
            headers: { accept: 'application/vnd.pgrst.object+json' },
          });
          const keys = o.body && typeof o.body === 'object' ? Object.keys(o.body).sort() : [];
          probe(
            o.status >= 400 && keys.join(',') === 'code,details,hint,message',
            `${who} object PATCH ${table}: ${o.status} ${o.text}`,
          );
        }
      }
      expect(allChanges(before, await snapshot(srv.db))).toEqual([]);
    }
  });

  it('a member cannot set admin-only columns on their own rows: update, insert or upsert', async () => {
    const extra: Record<string, Row> = {
      ...ADMIN_ONLY,
      profiles: { vip_status: false, total_bookings: 0 },
    };
    const forbidden: Record<string, Row> = {
      profiles: { vip_status: true, total_bookings: 99 },
      event_bookings: {
        status: 'approved',
        admin_notes: 'approved by myself',
        approved_at: '2026-01-01T00:00:00Z',
        approved_by: USERS.leo.id,
      },
      photo_wall: {
        is_approved: true,
        is_featured: true,
        approved_at: '2026-01-01T00:00:00Z',
        approved_by: USERS.leo.id,
        likes_count: 99,
      },
      song_requests: { status: 'played', vote_count: 99 },
      user_offers: { usage_counted: true },
      song_votes: { slot: 3 },
    };
    for (const [table, cols] of Object.entries(forbidden)) {
      const mine = (await allRows(table)).filter((r) => r['user_id'] === USERS.leo.id);
      expect(mine.length, `leo has a ${table} row`).toBeGreaterThan(0);
      const row = mine[0] as Row;
      for (const [col, value] of Object.entries(cols)) {
        const patch = await rest('leo', `/rest/v1/${table}?${pkFilter(table, row)}`, {
          method: 'PATCH',
          body: { [col]: value },
          prefer: 'return=representation',
        });
        const upsert = await rest('leo', `/rest/v1/${table}?on_conflict=${pkOf(table).join(',')}`, {
          method: 'POST',
          body: { ...row, [col]: value },
          prefer: 'resolution=merge-duplicates,return=representation',
        });
        const { [pkOf(table)[0] as string]: _pk, ...fresh } = row;
        void _pk;
        const insert = await rest('leo', `/rest/v1/${table}`, {
          method: 'POST',
          body: { ...fresh, [col]: value },
          prefer: 'return=representation',
        });
        const after = (await allRows(table)).filter((r) => r['user_id'] === USERS.leo.id);
        const now = after.find((r) => keyOf(table, r) === keyOf(table, row));
        const changed = JSON.stringify(now?.[col]) !== JSON.stringify(row[col]);
        const created = after.filter(
          (r) =>
            !mine.some((m) => keyOf(table, m) === keyOf(table, r)) &&
            JSON.stringify(r[col]) === JSON.stringify(value) &&
            JSON.stringify(value) !== JSON.stringify((extra[table] ?? {})[col]),
        );
        probe(
          !changed && created.length === 0,
          `${table}.${col}=${JSON.stringify(value)}: patch ${patch.status} ${patch.text} / upsert ${upsert.status} ${upsert.text} / insert ${insert.status} ${insert.text}`,
        );
        // clean up any row the insert legitimately created (with defaults), so the next probe starts equal
        for (const r of after)
          if (!mine.some((m) => keyOf(table, m) === keyOf(table, r)))
            await srv.db.query(
              `delete from public.${table} where ${pkOf(table)
                .map((c, i) => `${c}::text = $${i + 1}`)
                .join(' and ')}`,
              pkOf(table).map((c) => String(r[c])),
            );
      }
    }
  });

  it('a member cannot make themself admin by any path', async () => {
    const attempts = [
      rest('leo', '/rest/v1/user_roles', {
        method: 'POST',
        body: { user_id: USERS.leo.id, role: 'admin' },
      }),
      rest('leo', '/rest/v1/user_roles?on_conflict=user_id,role', {
        method: 'POST',
        body: { user_id: USERS.leo.id, role: 'admin' },
        prefer: 'resolution=merge-duplicates',
      }),
      rest('leo', `/rest/v1/user_roles?user_id=eq.${USERS.leo.id}`, {
        method: 'PATCH',
        body: { role: 'admin' },
      }),
      rest('leo', '/rest/v1/user_roles?columns=user_id,role', {
        method: 'POST',
        body: [
          { user_id: USERS.leo.id, role: 'admin' },
          { user_id: USERS.maya.id, role: 'admin' },
        ],
      }),
      rest('leo', '/auth/v1/user', {
        method: 'PUT',
        body: {
          data: { role: 'admin', is_admin: true },
          app_metadata: { role: 'admin', provider: 'admin' },
          role: 'service_role',
        },
      }),
    ];
    const answers = await Promise.all(attempts);
    // the REST paths are refused outright; the user update may store metadata (checked below)
    for (const a of answers.slice(0, 4))
      probe(a.status >= 400 && a.status < 500, `self-promotion answered ${a.status} ${a.text}`);
    const roles = await srv.db.query<{ n: number }>(
      `select count(*)::int as n from public.user_roles where role = 'admin' and user_id in ($1, $2)`,
      [USERS.leo.id, USERS.maya.id],
    );
    probe(roles.rows[0]?.n === 0, 'a member holds the admin role');
    const u = await srv.db.query<{ role: string; app: Row }>(
      `select role, raw_app_meta_data as app from auth.users where id = $1`,
      [USERS.leo.id],
    );
    probe(
      u.rows[0]?.role === 'authenticated' && u.rows[0]?.app['role'] === undefined,
      `auth row ${JSON.stringify(u.rows[0])}`,
    );
    // a fresh token (with the new user metadata) still reads only what a member reads
    const fresh = await signIn(USERS.leo.email);
    const claims = JSON.parse(
      Buffer.from(fresh.split('.')[1] as string, 'base64url').toString(),
    ) as Row;
    probe(claims['role'] === 'authenticated', `token role ${String(claims['role'])}`);
    token.leo = fresh;
    const pending = await rest('leo', '/rest/v1/events?select=id&is_approved=eq.false');
    const pendingTotal = await srv.db.query<{ n: number }>(
      'select count(*)::int as n from public.events where not is_approved',
    );
    expect(pendingTotal.rows[0]?.n).toBeGreaterThanOrEqual(0);
    probe((pending.body as Row[]).length === 0, `leo reads pending events ${pending.text}`);
    const profiles = await rest('leo', '/rest/v1/profiles?select=user_id');
    probe(
      (profiles.body as Row[]).length === 1,
      `leo reads ${(profiles.body as Row[]).length} profiles`,
    );
  });

  it('admin RPCs, admin edge functions and the auth admin API refuse members and visitors', async () => {
    const usersBefore = await srv.db.query<{ n: number }>(
      'select count(*)::int as n from auth.users',
    );
    for (const who of ['anon', 'leo'] as const) {
      for (const adminId of [USERS.admin.id, USERS.leo.id]) {
        const post = await rest(who, '/rest/v1/rpc/admin_delete_user', {
          method: 'POST',
          body: { _user_id: USERS.maya.id, _admin_id: adminId },
        });
        probe(
          [401, 403].includes(post.status),
          `${who} admin_delete_user: ${post.status} ${post.text}`,
        );
        const get = await rest(
          who,
          `/rest/v1/rpc/admin_delete_user?_user_id=${USERS.maya.id}&_admin_id=${adminId}`,
        );
        probe(get.status >= 400 && get.status < 500, `${who} GET admin_delete_user: ${get.status}`);
      }
      for (const fn of ['seed-test-users', 'booking-mails']) {
        const r = await rest(who, `/functions/v1/${fn}`, {
          method: 'POST',
          body: { bookingId: schema.ids[0], status: 'approved' },
        });
        probe([401, 403].includes(r.status), `${who} function ${fn}: ${r.status} ${r.text}`);
      }
      for (const [method, path, body] of [
        ['GET', '/auth/v1/admin/users', undefined],
        ['POST', '/auth/v1/admin/users', { email: 'sneaky@example.test', password: 'password123' }],
        ['GET', `/auth/v1/admin/users/${USERS.maya.id}`, undefined],
        ['PUT', `/auth/v1/admin/users/${USERS.maya.id}`, { password: 'hijacked123' }],
        ['PUT', `/auth/v1/admin/users/${USERS.leo.id}`, { app_metadata: { role: 'admin' } }],
        ['DELETE', `/auth/v1/admin/users/${USERS.maya.id}`, undefined],
      ] as const) {
        const r = await rest(who, path, { method, ...(body ? { body } : {}) });
        probe([401, 403].includes(r.status), `${who} ${method} ${path}: ${r.status} ${r.text}`);
      }
    }
    const usersAfter = await srv.db.query<{ n: number }>(
      'select count(*)::int as n from auth.users',
    );
    expect(usersAfter.rows[0]?.n).toBe(usersBefore.rows[0]?.n);
    expect(await srv.inbox()).toEqual([]);
    // maya still signs in with her own password
    expect(await signIn(USERS.maya.email)).toMatch(/^ey/);
  });

  it('a visitor can write nothing: every table, verb and RPC, storage and functions', async () => {
    const before = await snapshot(srv.db);
    for (const table of Object.keys(schema.tables)) {
      const row = (await allRows(table))[0];
      // an empty table gives no sample row: write its first column that is not the key
      const sample = row
        ? Object.fromEntries(Object.entries(row).filter(([k]) => !pkOf(table).includes(k)))
        : { [(schema.tables[table] ?? []).find((c) => !pkOf(table).includes(c)) ?? 'id']: null };
      const answers = [
        await rest('anon', `/rest/v1/${table}`, { method: 'POST', body: sample }),
        await rest('anon', `/rest/v1/${table}`, { method: 'POST', body: {} }),
        await rest('anon', `/rest/v1/${table}?on_conflict=${pkOf(table).join(',')}`, {
          method: 'POST',
          body: (await allRows(table))[0] ?? {},
          prefer: 'resolution=merge-duplicates',
        }),
        await rest('anon', `/rest/v1/${table}?${pkOf(table)[0]}=not.is.null`, {
          method: 'PATCH',
          body: sample,
        }),
        await rest('anon', `/rest/v1/${table}?${pkOf(table)[0]}=not.is.null`, { method: 'DELETE' }),
      ];
      for (const a of answers)
        probe(
          a.status === 401 || (a.status >= 400 && a.status < 500 && a.status !== 404),
          `anon write ${table}: ${a.status} ${a.text}`,
        );
    }
    // Seats left and the business numbers are open to visitors by design (read only). The cancel-link RPCs need the link's token, so they are not found here.
    const publicRpcs: Record<string, (status: number) => boolean> = {
      event_availability: (status) => status === 200,
      // the venue's business numbers, read by the app before sign-in (read only)
      business_rules: (status) => status === 200,
    };
    for (const fn of Object.keys(schema.rpcs)) {
      const r = await rest('anon', `/rest/v1/rpc/${fn}`, { method: 'POST', body: {} });
      const allowed = publicRpcs[fn];
      probe(
        allowed ? allowed(r.status) : r.status === 401 || r.status === 404,
        `anon rpc ${fn}: ${r.status} ${r.text}`,
      );
    }
    for (const bucket of ['photo-wall', 'event-images']) {
      const res = await fetch(`${srv.url}/storage/v1/object/${bucket}/${USERS.maya.id}/v.png`, {
        method: 'POST',
        headers: {
          apikey: srv.anonKey,
          authorization: `Bearer ${srv.anonKey}`,
          'content-type': 'image/png',
        },
        body: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
          'base64',
        ),
      });
      await res.text();
      probe(res.status >= 400 && res.status < 500, `anon upload to ${bucket}: ${res.status}`);
    }
    const after: Snapshot = await snapshot(srv.db);
    expect(allChanges(before, after)).toEqual([]);
  });
});
