import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '../database.types';
import { adminKeys } from '../lib/admin';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';

export const AUDIT_PAGE_SIZE = 50;

/** What the Activity view filters on; every field is optional. */
export interface AuditFilters {
  /** An action family (`booking`, `role`, ...) or one action (`booking.approved`). */
  action?: string;
  /** The staff member who acted. */
  actorId?: string;
  /** Case-insensitive part of the staff member's e-mail. */
  actorEmail?: string;
  /** The member whose data changed. */
  subjectUserId?: string;
  /** From this day (YYYY-MM-DD, inclusive), to this day (inclusive). */
  from?: string;
  to?: string;
  /** Rows older than this id (the next page). */
  before?: number;
}

export interface AuditEntry {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  tableName: string;
  rowKey: string | null;
  subjectUserId: string | null;
  /** The columns that changed, before and after (a whole row for a creation or a deletion). */
  fields: { field: string; before: Json | undefined; after: Json | undefined }[];
}

/** The action families the trail writes, for the Activity view's filter. */
export const auditActionFamilies = [
  { id: 'booking', label: 'Bookings' },
  { id: 'event', label: 'Events' },
  { id: 'event_image', label: 'Event images' },
  { id: 'dj', label: 'DJs' },
  { id: 'photo', label: 'Photos' },
  { id: 'song_request', label: 'Song queue' },
  { id: 'role', label: 'Roles' },
  { id: 'user', label: 'Users' },
  { id: 'offer', label: 'Offers' },
  { id: 'venue_settings', label: 'Venue settings' },
  { id: 'venue_hours', label: 'Venue hours' },
  { id: 'menu_section', label: 'Menu sections' },
  { id: 'menu_item', label: 'Menu items' },
  { id: 'promotion', label: 'Promotions' },
  { id: 'reservation', label: 'Dinner reservations' },
  { id: 'dining_table', label: 'Dining tables' },
  { id: 'table_combination', label: 'Table combinations' },
  { id: 'dining_block', label: 'Blocked times' },
  { id: 'turn_time', label: 'Turn times' },
  { id: 'reservation_settings', label: 'Reservation settings' },
] as const;

const asObject = (value: Json | null): Record<string, Json | undefined> =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** The end of a day given as YYYY-MM-DD, as the next day's start (exclusive bound). */
const dayAfter = (day: string): string => {
  const d = new Date(`${day}T00:00:00`);
  d.setDate(d.getDate() + 1);
  return d.toISOString();
};

/** A page of the audit trail (audit_log: admins only), newest first, filtered. */
export async function fetchAuditLog(
  filters: AuditFilters = {},
  signal?: AbortSignal,
): Promise<AuditEntry[]> {
  let query = getSupabase()
    .from('audit_log')
    .select(
      'id, at, actor_id, actor_email, action, table_name, row_key, subject_user_id, old_values, new_values',
    )
    .order('at', { ascending: false })
    .order('id', { ascending: false })
    .limit(AUDIT_PAGE_SIZE);
  if (filters.action)
    query = filters.action.includes('.')
      ? query.eq('action', filters.action)
      : query.like('action', `${filters.action}.%`);
  if (filters.actorId) query = query.eq('actor_id', filters.actorId);
  if (filters.actorEmail) query = query.ilike('actor_email', `%${filters.actorEmail}%`);
  if (filters.subjectUserId) query = query.eq('subject_user_id', filters.subjectUserId);
  if (filters.from) query = query.gte('at', new Date(`${filters.from}T00:00:00`).toISOString());
  if (filters.to) query = query.lt('at', dayAfter(filters.to));
  if (filters.before !== undefined) query = query.lt('id', filters.before);
  if (signal) query = query.abortSignal(signal);
  const rows = unwrap(await query) ?? [];
  return rows.map((r) => {
    const before = asObject(r.old_values);
    const after = asObject(r.new_values);
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((f) => !['created_at', 'updated_at'].includes(f))
      .map((field) => ({ field, before: before[field], after: after[field] }));
    return {
      id: r.id,
      at: r.at,
      actorId: r.actor_id,
      actorEmail: r.actor_email,
      action: r.action,
      tableName: r.table_name,
      rowKey: r.row_key,
      subjectUserId: r.subject_user_id,
      fields,
    };
  });
}

/** Under the admin root, so every admin change refreshes it. */
export const auditKeys = {
  list: (filters: AuditFilters) => [...adminKeys.all, 'audit-log', filters] as const,
};

export const auditLogQueryOptions = (filters: AuditFilters = {}) =>
  queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) => fetchAuditLog(filters, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (filters: AuditFilters = {}) => useQuery(auditLogQueryOptions(filters));
