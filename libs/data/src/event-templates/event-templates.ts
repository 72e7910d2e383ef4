import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables, TablesInsert } from '../database.types';
import { adminKeys, requireRow, useAdminMutation } from '../lib/admin';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';

/** A weekly night admins generate events from (pending approval). */
export type EventTemplate = Tables<'event_templates'>;
export type EventTemplateInput = Pick<
  TablesInsert<'event_templates'>,
  'title' | 'description' | 'weekday' | 'start_time' | 'capacity'
>;

/** How many weeks of a weekly night one Generate adds. */
export const TEMPLATE_WEEKS = 8;

export const eventTemplateKeys = {
  list: () => [...adminKeys.all, 'event-templates'] as const,
};

export async function fetchEventTemplates(
  _vars: object = {},
  signal?: AbortSignal,
): Promise<EventTemplate[]> {
  let query = getSupabase()
    .from('event_templates')
    .select('*')
    .order('weekday')
    .order('start_time');
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const eventTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: eventTemplateKeys.list(),
    queryFn: ({ signal }) => fetchEventTemplates({}, signal),
  });

export const useEventTemplates = () => useQuery(eventTemplatesQueryOptions());

export async function addEventTemplate(input: EventTemplateInput): Promise<void> {
  unwrap(await getSupabase().from('event_templates').insert(input));
}

export async function removeEventTemplate(id: string): Promise<void> {
  requireRow(
    unwrap(await getSupabase().from('event_templates').delete().eq('id', id).select('id')),
    'weekly night',
  );
}

/** Adds the template's next weeks of events (pending approval); resolves to how many were new. */
export async function generateTemplateEvents(vars: {
  templateId: string;
  weeks?: number;
}): Promise<number> {
  const added = unwrap(
    await getSupabase().rpc('generate_template_events', {
      _template_id: vars.templateId,
      _weeks: vars.weeks ?? TEMPLATE_WEEKS,
    }),
  );
  return added ?? 0;
}

export const useEventTemplateAddMutation = (
  options?: MutationHookOptions<void, EventTemplateInput>,
) => useAdminMutation(addEventTemplate, options);
export const useEventTemplateRemoveMutation = (options?: MutationHookOptions<void, string>) =>
  useAdminMutation(removeEventTemplate, options);
export const useTemplateEventsGenerateMutation = (
  options?: MutationHookOptions<number, { templateId: string; weeks?: number }>,
) => useAdminMutation(generateTemplateEvents, options);
