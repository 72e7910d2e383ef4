// seed-test-users: creates a few confirmed test members through the auth admin
// API. Admins only. Idempotent: members that already exist are left as they are.
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
    const password = env('TEST_USER_PASSWORD') ?? 'password123';
    let created = 0;
    let existing = 0;
    for (const member of TEST_MEMBERS) {
      const { error } = await admin.auth.admin.createUser({
        email: member.email,
        password,
        email_confirm: true,
        user_metadata: { first_name: member.firstName, last_name: member.lastName },
      });
      if (!error) created += 1;
      else if (isAlreadyRegistered(error)) existing += 1;
      else throw new HttpError(500, `Could not create ${member.email}: ${error.message}`);
    }
    return json({ created, existing, users: TEST_MEMBERS.map((m) => m.email) });
  } catch (error) {
    return errorResponse(error, 'seed-test-users');
  }
}

if (deno) deno.serve(handler);
