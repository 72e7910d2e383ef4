import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TablesInsert, TablesUpdate } from '../database.types';
import { refreshAfterAdminChange, requireRow } from '../lib/admin';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { venueKeys } from './keys';
import type { DayHours } from './venue-hours';

/** The settings an admin edits (everything but the key and the stamp). */
export type VenueSettingsInput = Omit<TablesUpdate<'venue_settings'>, 'id' | 'updated_at'>;

export async function saveVenueSettings(input: VenueSettingsInput): Promise<void> {
  requireRow(
    unwrap(await getSupabase().from('venue_settings').update(input).eq('id', true).select('id')),
    'venue settings',
  );
}

/** Writes the weekdays whose hours differ from `before` (one update per changed day). */
export async function saveVenueHours(vars: {
  days: DayHours[];
  before: DayHours[];
}): Promise<void> {
  const changed = vars.days.filter((day) => {
    const old = vars.before.find((b) => b.weekday === day.weekday);
    return (
      !old ||
      old.is_closed !== day.is_closed ||
      old.opens_at?.slice(0, 5) !== day.opens_at?.slice(0, 5) ||
      old.closes_at?.slice(0, 5) !== day.closes_at?.slice(0, 5)
    );
  });
  for (const day of changed) {
    requireRow(
      unwrap(
        await getSupabase()
          .from('venue_hours')
          .update({
            is_closed: day.is_closed,
            opens_at: day.is_closed ? null : day.opens_at,
            closes_at: day.is_closed ? null : day.closes_at,
          })
          .eq('weekday', day.weekday)
          .select('weekday'),
      ),
      'opening hours',
    );
  }
}

export type HoursExceptionInput = Pick<
  TablesInsert<'venue_hour_exceptions'>,
  'on_date' | 'label' | 'is_closed' | 'opens_at' | 'closes_at'
>;

export async function addHoursException(input: HoursExceptionInput): Promise<void> {
  unwrap(
    await getSupabase()
      .from('venue_hour_exceptions')
      .insert({
        ...input,
        opens_at: input.is_closed ? null : input.opens_at,
        closes_at: input.is_closed ? null : input.closes_at,
      }),
  );
}

export async function removeHoursException(id: string): Promise<void> {
  requireRow(
    unwrap(await getSupabase().from('venue_hour_exceptions').delete().eq('id', id).select('id')),
    'date',
  );
}

/** An admin change to the venue: refreshes the record everywhere and the dashboard. */
function useVenueMutation<TVars>(
  mutationFn: (vars: TVars) => Promise<void>,
  { onSuccess, ...options }: MutationHookOptions<void, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<void, Error, TVars>({
    ...options,
    mutationFn,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: venueKeys.all });
      await refreshAfterAdminChange(queryClient);
      await onSuccess?.(...args);
    },
  });
}

export const useVenueSettingsMutation = (options?: MutationHookOptions<void, VenueSettingsInput>) =>
  useVenueMutation(saveVenueSettings, options);

export const useVenueHoursMutation = (
  options?: MutationHookOptions<void, { days: DayHours[]; before: DayHours[] }>,
) => useVenueMutation(saveVenueHours, options);

export const useHoursExceptionAddMutation = (
  options?: MutationHookOptions<void, HoursExceptionInput>,
) => useVenueMutation(addHoursException, options);

export const useHoursExceptionRemoveMutation = (options?: MutationHookOptions<void, string>) =>
  useVenueMutation(removeHoursException, options);
