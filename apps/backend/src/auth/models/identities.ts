/** auth.identities: a user's sign-in identities (here only the e-mail one). */
import type { Queryable } from '../../db/types.js';

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

export async function listIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const r = await db.query<IdentityRow>(
    `select id::text, provider_id, user_id::text, identity_data, provider, to_json(last_sign_in_at)#>>'{}' as last_sign_in_at,
       to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at, email
     from auth.identities where user_id = $1::uuid order by created_at`,
    [userId],
  );
  return r.rows;
}

export async function insertEmailIdentity(
  tx: Queryable,
  i: { userId: string; email: string; verified: boolean; signedIn: boolean },
): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $4::uuid, $2::jsonb, 'email', case when $3::boolean then now() end)`,
    [
      i.userId,
      JSON.stringify({
        sub: i.userId,
        email: i.email,
        email_verified: i.verified,
        phone_verified: false,
      }),
      i.signedIn,
      i.userId,
    ],
  );
}

export async function markEmailVerified(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1::uuid and provider = 'email'`,
    [userId],
  );
}
