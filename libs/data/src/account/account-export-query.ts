import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';

/** The exported data file: profile, bookings, offers, photos, exported_at. */
export interface AccountExport {
  profile: Tables<'profiles'> | null;
  bookings: Tables<'event_bookings'>[];
  offers: (Tables<'user_offers'> & { offers: Tables<'offers'> | null })[];
  photos: Tables<'photo_wall'>[];
  exported_at: string;
}

/**
 * Everything the member owns: profiles, event_bookings, user_offers with their
 * offers, and photo_wall, by user_id. Fetched on demand (the export button),
 * never cached.
 */
export async function fetchAccountExport(
  vars: { userId: string; now?: Date },
  signal?: AbortSignal,
): Promise<AccountExport> {
  const supabase = getSupabase();
  const withSignal = <Q extends { abortSignal: (s: AbortSignal) => Q }>(q: Q) =>
    signal ? q.abortSignal(signal) : q;
  const [profile, bookings, offers, photos] = await Promise.all([
    withSignal(supabase.from('profiles').select('*').eq('user_id', vars.userId)).maybeSingle(),
    withSignal(
      supabase
        .from('event_bookings')
        .select('*')
        .eq('user_id', vars.userId)
        .order('created_at', { ascending: false }),
    ),
    withSignal(
      supabase
        .from('user_offers')
        .select('*, offers(*)')
        .eq('user_id', vars.userId)
        .order('redeemed_at', { ascending: false }),
    ),
    withSignal(
      supabase
        .from('photo_wall')
        .select('*')
        .eq('user_id', vars.userId)
        .order('created_at', { ascending: false }),
    ),
  ]);
  return {
    profile: unwrap(profile),
    bookings: unwrap(bookings) ?? [],
    offers: unwrap(offers) ?? [],
    photos: unwrap(photos) ?? [],
    exported_at: (vars.now ?? new Date()).toISOString(),
  };
}
