/**
 * Races under load: members voting and un-voting at random on tonight's song requests,
 * and members booking events while an admin approves them. Every answer is tallied; the
 * invariants are checked afterwards against the database (read as service_role).
 */
import { Api, Tally, pick, pool, rand, sleep, type Member } from './lib.js';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface PhaseResult {
  name: string;
  operations: number;
  seconds: number;
  tally: Tally;
  checks: Check[];
}

const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });

export async function voteRace(opts: {
  url: string;
  anonKey: string;
  serviceKey: string;
  members: Member[];
  requests: number;
  seconds: number;
  thinkMs: number;
  unexpected: () => number;
}): Promise<PhaseResult> {
  const { url, anonKey, serviceKey, members } = opts;
  const setup = new Api(url, anonKey);
  // tonight's requests, made by members (the first few of them)
  const requestIds: string[] = [];
  for (let i = 0; i < opts.requests; i++) {
    const m = members[i % members.length] as Member;
    const r = await setup.call('POST', '/rest/v1/song_requests', {
      token: m.token,
      body: { song_title: `Soak song ${i} ${Date.now()}`, artist: `Soak artist ${i}` },
      prefer: 'return=representation',
    });
    if (r?.status !== 201) throw new Error(`song request: ${r?.status} ${JSON.stringify(r?.body)}`);
    requestIds.push((r.body as { id: string }[])[0]?.id as string);
  }
  const tonight = (
    (await setup.all<{ event_date: string }>(
      serviceKey,
      `song_requests?select=event_date&id=eq.${requestIds[0]}`,
    )) as { event_date: string }[]
  )[0]?.event_date as string;

  const tally = new Tally();
  const api = new Api(url, anonKey, tally);
  // what each member believes they hold; null = unknown (a request got no answer)
  const held = new Map<string, Set<string> | null>(members.map((m) => [m.id, new Set()]));
  const t0 = Date.now();
  const until = t0 + opts.seconds * 1000;
  await Promise.all(
    members.map(async (m) => {
      while (Date.now() < until) {
        const mine = held.get(m.id);
        const req = pick(requestIds);
        const unvote = mine ? mine.has(req) || (mine.size >= 3 && Math.random() < 0.7) : false;
        if (unvote || (!mine && Math.random() < 0.5)) {
          const target = mine && mine.size && !mine.has(req) ? pick([...mine]) : req;
          const r = await api.call(
            'DELETE',
            `/rest/v1/song_votes?song_request_id=eq.${target}&user_id=eq.${m.id}`,
            { token: m.token, prefer: 'return=minimal', label: 'unvote' },
          );
          if (!r) held.set(m.id, null);
          else if (r.status === 204) held.get(m.id)?.delete(target);
        } else {
          const r = await api.call('POST', '/rest/v1/song_votes', {
            token: m.token,
            body: { song_request_id: req, user_id: m.id },
            prefer: 'return=minimal',
            label: 'vote',
          });
          if (!r) held.set(m.id, null);
          else if (r.status === 201 || r.status === 409) held.get(m.id)?.add(req);
        }
        if (opts.thinkMs) await sleep(rand(0, opts.thinkMs));
      }
    }),
  );
  const seconds = (Date.now() - t0) / 1000;

  // One statement (requests with their votes embedded) is one snapshot. Requests the
  // client gave up on may still be queued in the server: wait until two snapshots agree.
  type Snap = { id: string; vote_count: number; song_votes: { user_id: string }[] }[];
  const snapshot = () =>
    setup.all<Snap[number]>(
      serviceKey,
      `song_requests?select=id,vote_count,song_votes(user_id)&event_date=eq.${tonight}&order=id`,
    );
  let reqs = await snapshot();
  for (let i = 0; i < 60; i++) {
    await sleep(1000);
    const next = await snapshot();
    const same = JSON.stringify(next) === JSON.stringify(reqs);
    reqs = next;
    if (same) break;
  }
  const votes = reqs.flatMap((r) =>
    r.song_votes.map((v) => ({ song_request_id: r.id, user_id: v.user_id })),
  );
  const perRequest = new Map<string, number>();
  const perUser = new Map<string, Set<string>>();
  for (const v of votes) {
    perRequest.set(v.song_request_id, (perRequest.get(v.song_request_id) ?? 0) + 1);
    if (!perUser.has(v.user_id)) perUser.set(v.user_id, new Set());
    perUser.get(v.user_id)?.add(v.song_request_id);
  }
  const badCounts = reqs.filter((r) => r.vote_count !== (perRequest.get(r.id) ?? 0));
  const badDetail = badCounts
    .slice(0, 3)
    .map((r) => ` (${r.id}: vote_count ${r.vote_count}, ${perRequest.get(r.id) ?? 0} rows)`)
    .join('');
  const maxHeld = Math.max(0, ...[...perUser.values()].map((s) => s.size));
  let compared = 0;
  let mismatched = 0;
  for (const m of members) {
    const mine = held.get(m.id);
    if (!mine) continue;
    compared++;
    const db = perUser.get(m.id) ?? new Set();
    if (db.size !== mine.size || [...mine].some((r) => !db.has(r))) mismatched++;
  }
  const fiveHundreds = tally.count5xx();
  return {
    name: 'votes',
    operations: tally.ops,
    seconds,
    tally,
    checks: [
      check(
        'every vote_count equals its vote rows',
        badCounts.length === 0,
        `${reqs.length} requests tonight, ${votes.length} vote rows, ${badCounts.length} wrong counts${badDetail}`,
      ),
      check(
        'nobody holds more than 3 votes tonight',
        maxHeld <= 3,
        `most votes held by one member: ${maxHeld}`,
      ),
      check(
        "each member's acknowledged votes are exactly the stored ones",
        mismatched === 0,
        `${compared} members compared, ${mismatched} differ`,
      ),
      check(
        'no 5xx answer and no unexpected server error',
        fiveHundreds === 0 && opts.unexpected() === 0,
        `${fiveHundreds} answers 5xx, ${opts.unexpected()} logged unexpected errors, ${tally.countErrors() - fiveHundreds} requests without answer`,
      ),
    ],
  };
}

export async function bookingRace(opts: {
  url: string;
  anonKey: string;
  serviceKey: string;
  members: Member[];
  admin: Member;
  seconds: number;
  thinkMs: number;
  approvers: number;
  unexpected: () => number;
}): Promise<PhaseResult> {
  const { url, anonKey, serviceKey, members, admin } = opts;
  const setup = new Api(url, anonKey);
  const events = await setup.all<{ id: string; title: string; event_date: string }>(
    anonKey,
    'events?select=id,title,event_date&order=event_date',
  );
  if (!events.length) throw new Error('no approved events to book');
  const tally = new Tally();
  const api = new Api(url, anonKey, tally);
  const booked = new Map<string, string>(); // booking id -> member id (2xx answers)
  let unanswered = 0;
  const approved = new Set<string>(); // bookings an admin PATCH answered as approved
  const t0 = Date.now();
  const until = t0 + opts.seconds * 1000;
  let stop = false;
  const bookers = Promise.all(
    members.map(async (m, i) => {
      while (Date.now() < until) {
        const ev = pick(events);
        const r = await api.call('POST', '/rest/v1/event_bookings', {
          token: m.token,
          // the event by its id, as the app books (a member's further request for an event
          // replaces their earlier one)
          body: {
            user_id: m.id,
            event_id: ev.id,
            name: `Soak Member ${i}`,
            email: m.email,
            phone: '(216) 555-0100',
            number_of_guests: 1 + (i % 6),
          },
          prefer: 'return=representation',
          label: 'book',
        });
        if (!r) unanswered++;
        else if (r.status === 201) booked.set((r.body as { id: string }[])[0]?.id as string, m.id);
        if (opts.thinkMs) await sleep(rand(0, opts.thinkMs));
      }
    }),
  ).finally(() => (stop = true));
  const approvers = Promise.all(
    Array.from({ length: opts.approvers }, async (_, w) => {
      while (!stop) {
        const r = await api.call(
          'GET',
          `/rest/v1/event_bookings?select=id&status=eq.pending&order=created_at&limit=20&offset=${w * 20}`,
          { token: admin.token, label: 'admin list pending' },
        );
        const ids = r?.status === 200 ? (r.body as { id: string }[]).map((b) => b.id) : [];
        for (const id of ids) {
          const p = await api.call('PATCH', `/rest/v1/event_bookings?id=eq.${id}`, {
            token: admin.token,
            body: { status: 'approved', admin_notes: 'approved by the soak run' },
            prefer: 'return=representation',
            label: 'admin approve',
          });
          if (p?.status === 200 && (p.body as { status: string }[])[0]?.status === 'approved')
            approved.add(id);
        }
        if (!ids.length) await sleep(100);
      }
    }),
  );
  await Promise.all([bookers, approvers]);
  const seconds = (Date.now() - t0) / 1000;

  const memberIds = new Set(members.map((m) => m.id));
  // requests the client gave up on may still be queued in the server: wait for quiet
  let last = -1;
  for (let i = 0; i < 60; i++) {
    const n = (await setup.all<{ id: string }>(serviceKey, 'event_bookings?select=id')).length;
    if (n === last) break;
    last = n;
    await sleep(1000);
  }
  const rows = (
    await setup.all<{ id: string; user_id: string; status: string; event_id: string | null }>(
      serviceKey,
      'event_bookings?select=id,user_id,status,event_id&order=id',
    )
  ).filter((b) => memberIds.has(b.user_id));
  const byId = new Map<string, number>();
  for (const b of rows) byId.set(b.id, (byId.get(b.id) ?? 0) + 1);
  const missing = [...booked.keys()].filter((id) => !byId.has(id));
  const dupes = [...byId.values()].filter((n) => n > 1).length;
  const wrongOwner = rows.filter((b) => booked.has(b.id) && booked.get(b.id) !== b.user_id).length;
  const phantom = rows.filter((b) => !booked.has(b.id)).length;
  const notApproved = [...approved].filter(
    (id) => rows.find((b) => b.id === id)?.status !== 'approved',
  ).length;
  const profiles = await setup.all<{ user_id: string; total_bookings: number }>(
    serviceKey,
    'profiles?select=user_id,total_bookings&order=user_id',
  );
  // Events Booked: the bookings of an event that hold seats (pending or approved)
  const live = new Map<string, number>();
  for (const b of rows)
    if (b.event_id && (b.status === 'pending' || b.status === 'approved'))
      live.set(b.user_id, (live.get(b.user_id) ?? 0) + 1);
  const badTotals = profiles.filter(
    (p) => memberIds.has(p.user_id) && p.total_bookings !== (live.get(p.user_id) ?? 0),
  ).length;
  const fiveHundreds = tally.count5xx();
  return {
    name: 'bookings',
    operations: tally.ops,
    seconds,
    tally,
    checks: [
      check(
        'every 2xx booking is stored exactly once',
        missing.length === 0 && dupes === 0 && wrongOwner === 0,
        `${booked.size} bookings answered 201, ${rows.length} stored, ${missing.length} missing, ${dupes} duplicated, ${wrongOwner} with another owner`,
      ),
      check(
        'no booking stored that was not answered 2xx',
        phantom <= unanswered,
        `${phantom} stored without a 2xx answer (${unanswered} requests got no answer)`,
      ),
      check(
        'every approval answered 2xx is stored',
        notApproved === 0,
        `${approved.size} approvals answered 200, ${notApproved} not approved in the database`,
      ),
      check(
        'profiles.total_bookings equals the seat-holding event bookings',
        badTotals === 0,
        `${badTotals} of ${memberIds.size} members with a wrong total`,
      ),
      check(
        'no 5xx answer and no unexpected server error',
        fiveHundreds === 0 && opts.unexpected() === 0,
        `${fiveHundreds} answers 5xx, ${opts.unexpected()} logged unexpected errors, ${tally.countErrors() - fiveHundreds} requests without answer`,
      ),
    ],
  };
}

export { pool };
