import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { venueKeys } from './keys';

export const VENUE_CHANGES_SHOWN = 20;

export interface VenueChange {
  id: number;
  tableName: string;
  rowKey: string;
  operation: 'INSERT' | 'UPDATE' | 'DELETE';
  changedAt: string;
  /** The admin's name and e-mail from their profile; null for the service role or a deleted user. */
  changedBy: string | null;
  /** The columns that changed, before and after. */
  fields: { field: string; before: Json | undefined; after: Json | undefined }[];
}

const asObject = (value: Json | null): Record<string, Json | undefined> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** The latest changes to the venue's content (venue_changes: admins only), newest first. */
export async function fetchVenueChanges(
  vars: { limit?: number } = {},
  signal?: AbortSignal,
): Promise<VenueChange[]> {
  const supabase = getSupabase();
  let query = supabase
    .from('venue_changes')
    .select('id, table_name, row_key, operation, changed_by, changed_at, old_values, new_values')
    .order('changed_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(vars.limit ?? VENUE_CHANGES_SHOWN);
  if (signal) query = query.abortSignal(signal);
  const rows = unwrap(await query) ?? [];
  const ids = [...new Set(rows.map((r) => r.changed_by).filter((id): id is string => !!id))];
  const names = new Map<string, string>();
  if (ids.length) {
    let people = supabase
      .from('profiles')
      .select('user_id, first_name, last_name, email')
      .in('user_id', ids);
    if (signal) people = people.abortSignal(signal);
    for (const p of unwrap(await people) ?? []) {
      const name = [p.first_name, p.last_name].filter(Boolean).join(' ');
      names.set(p.user_id, name ? `${name}${p.email ? ` (${p.email})` : ''}` : (p.email ?? ''));
    }
  }
  return rows.map((r) => {
    const before = asObject(r.old_values);
    const after = asObject(r.new_values);
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((f) => !['id', 'created_at', 'updated_at'].includes(f))
      .map((field) => ({ field, before: before[field], after: after[field] }));
    return {
      id: r.id,
      tableName: r.table_name,
      rowKey: r.row_key,
      operation: r.operation as VenueChange['operation'],
      changedAt: r.changed_at,
      changedBy: r.changed_by ? (names.get(r.changed_by) ?? 'A former admin') : null,
      fields,
    };
  });
}

export const venueChangesQueryOptions = () =>
  queryOptions({
    queryKey: venueKeys.changes(),
    queryFn: ({ signal }) => fetchVenueChanges({}, signal),
  });

export const useVenueChanges = () => useQuery(venueChangesQueryOptions());
