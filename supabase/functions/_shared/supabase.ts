import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { HttpError } from './http.ts';
import { requireEnv } from './env.ts';

/** Node 20 has no global WebSocket; these functions never open a realtime channel. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by edge functions');
  }
}

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NoRealtime as unknown as typeof WebSocket },
};

/** A client acting as the caller (their Authorization header), so RLS applies. */
export function callerClient(req: Request): SupabaseClient {
  const authorization = req.headers.get('Authorization') ?? '';
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    ...options,
    global: { headers: { Authorization: authorization } },
  });
}

/** The service role: bypasses RLS. Only for what the caller cannot do themself. */
export function serviceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), options);
}

/**
 * The caller must be a signed-in user holding the admin role: the JWT is checked
 * by the auth server (getUser) and the role read through RLS as that user.
 */
export async function requireAdmin(req: Request): Promise<{ user: User; client: SupabaseClient }> {
  const authorization = req.headers.get('Authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1];
  if (!token) throw new HttpError(401, 'Sign in required');
  const client = callerClient(req);
  const { data, error } = await client.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'Sign in required');
  const { data: role, error: roleError } = await client
    .from('user_roles')
    .select('role')
    .eq('user_id', data.user.id)
    .eq('role', 'admin')
    .maybeSingle();
  if (roleError) throw new Error(`Role lookup failed: ${roleError.message}`);
  if (!role) throw new HttpError(403, 'Admin privileges required');
  return { user: data.user, client };
}
