import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { BUSINESS_RULES, reservationAvailabilityQueryOptions } from '@bistro/data';
import { DEFAULT_PARTY, dateRange, readChoice } from './reserve-choice';

function PrefetchTimes({ date, party }: { date: string; party: number }) {
  const client = useQueryClient();
  const options = reservationAvailabilityQueryOptions(date, party);
  // In render, before the lazy page suspends (effects would wait for it); once per key.
  if (client.getQueryState(options.queryKey) === undefined) void client.prefetchQuery(options);
  return null;
}

/**
 * Asks for the night's times while the page's code is still on its way (the
 * page is a lazy chunk), so the two arrive together instead of one after the
 * other: the same query the form reads first, for the choice in the address.
 */
export function ReservePrefetch({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const choice = readChoice(params);
  const { min } = dateRange(0);
  const date = choice.date && choice.date >= min ? choice.date : min;
  const party = choice.party ?? DEFAULT_PARTY;
  const asks = !params.has('manage') && party <= BUSINESS_RULES.reservation_party_max;
  return (
    <>
      {asks ? <PrefetchTimes date={date} party={party} /> : null}
      {children}
    </>
  );
}
