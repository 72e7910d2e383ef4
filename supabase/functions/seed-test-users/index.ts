// seed-test-users: creates a few confirmed test members through the auth admin
// API. Admins only. Idempotent: members that already exist are left as they are.
//
// Passwords: each new member gets a random password, returned once in the
// answer ({ passwords: { email: password } }) and stored nowhere else. Only
// where SEED_TEST_USERS_KNOWN_PASSWORD=true (the local backend of `npm start`'s
// demo sets it) do they get the well-known demo password instead
// (TEST_USER_PASSWORD, default password123): a deployment never has accounts
// anyone can guess unless it asks for them.
import { errorResponse, HttpError, json, preflight } from '../_shared/http.ts';
import { deno, env } from '../_shared/env.ts';
import { requireAdmin, serviceClient } from '../_shared/supabase.ts';

export interface TestMember {
  email: string;
  firstName: string;
  lastName: string;
}

export const TEST_MEMBERS: readonly TestMember[] = [
  { email: 'test.member1@example.com', firstName: 'Test', lastName: 'Member One' },
  { email: 'test.member2@example.com', firstName: 'Test', lastName: 'Member Two' },
  { email: 'test.member3@example.com', firstName: 'Test', lastName: 'Member Three' },
];

/** The flag that allows the well-known demo password; off unless set to "true". */
export const KNOWN_PASSWORD_FLAG = 'SEED_TEST_USERS_KNOWN_PASSWORD';

/** 24 random characters from a 62-letter alphabet (about 142 bits). */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const out: string[] = [];
  while (out.length < 24) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      // 248 = 4 * 62: drop the bytes above it so every letter is equally likely
      if (byte < 248 && out.length < 24) out.push(alphabet[byte % 62] ?? 'x');
    }
  }
  return out.join('');
}

const isAlreadyRegistered = (error: { code?: string; status?: number; message: string }) =>
  error.code === 'email_exists' ||
  error.code === 'user_already_exists' ||
  /already (been )?registered/i.test(error.message);

export async function handler(req: Request): Promise<Response> {
  const early = preflight(req);
  if (early) return early;
  try {
    await requireAdmin(req);
    // Creating auth users needs the service role; nothing else here does.
    const admin = serviceClient();
    const knownPassword =
      env(KNOWN_PASSWORD_FLAG) === 'true' ? (env('TEST_USER_PASSWORD') ?? 'password123') : null;
    let created = 0;
    let existing = 0;
    const passwords: Record<string, string> = {};
    for (const member of TEST_MEMBERS) {
      const password = knownPassword ?? randomPassword();
      const { error } = await admin.auth.admin.createUser({
        email: member.email,
        password,
        email_confirm: true,
        user_metadata: { first_name: member.firstName, last_name: member.lastName },
      });
      if (!error) {
        created += 1;
        if (!knownPassword) passwords[member.email] = password;
      } else if (isAlreadyRegistered(error)) existing += 1;
      else throw new HttpError(500, `Could not create ${member.email}: ${error.message}`);
    }
    return json({
      created,
      existing,
      users: TEST_MEMBERS.map((m) => m.email),
      ...(knownPassword ? {} : { passwords }),
    });
  } catch (error) {
    return errorResponse(error, 'seed-test-users');
  }
}

if (deno) deno.serve(handler);
