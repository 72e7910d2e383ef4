import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  ErrorState,
  LoadingState,
  Muted,
  Stack,
  theme,
  toast,
} from '@bistro/ui';
import { authRedirectState } from '@bistro/auth';
import {
  authenticationRequired,
  errorMessage,
  formatMinimum,
  tableStatusLabel,
  useCancelTableRequest,
  useLoungeNights,
  useMyGuestListEntries,
  useMyTableRequests,
  type GuestListEntry,
  type TableRequest,
} from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { longEventDate } from '../shared/format-date';
import { SectionTitle } from '../shared/styles';
import { useMember } from '../shared/use-member';
import { TableRequestForm } from './table-request-form';
import { GuestListPass, GuestListSection } from './guest-list-section';
import { PromoterSection } from './promoter-section';
import { Flush, FlushMuted, FlushTitle, SpreadRow, TopSpaced } from './styles';

/** ?event=<id> picks the night; ?promo=<code> is a promoter's link. */
export const TABLES_EVENT_PARAM = 'event';
export const TABLES_PROMO_PARAM = 'promo';
/** The promoter's code is kept for the visit, so signing in on the way does not lose it. */
const PROMO_KEY = 'bistro.promo';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space(3)};
`;

/** A promoter's code in the address, when it is one (4 to 16 letters and digits). */
function promoInUrl(params: URLSearchParams): string | null {
  const code = params.get(TABLES_PROMO_PARAM)?.trim().toUpperCase();
  return code && /^[A-Z0-9]{4,16}$/.test(code) ? code : null;
}

const unchanging = () => () => undefined;
function keptPromo(): string | null {
  try {
    return sessionStorage.getItem(PROMO_KEY);
  } catch {
    return null; // storage refused (private mode)
  }
}

/**
 * The promoter's code of this visit: the address's, kept for the rest of the visit, else the
 * one kept earlier. The page rendered on the server knows only the address's; the kept one
 * shows once the page runs in the browser.
 */
function usePromo(params: URLSearchParams): string | null {
  const fromUrl = promoInUrl(params);
  useEffect(() => {
    if (!fromUrl) return;
    try {
      sessionStorage.setItem(PROMO_KEY, fromUrl);
    } catch {
      // storage refused (private mode): the code still works for this page view
    }
  }, [fromUrl]);
  const kept = useSyncExternalStore(unchanging, keptPromo, () => null);
  return fromUrl ?? kept;
}

/**
 * VIP tables and guest lists (/tables): request a table with bottles for an event night, join
 * a guest list with plus-ones, and see one's own requests (with their status) and passes.
 */
export function TablesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { signedIn, userId } = useMember();
  const nights = useLoungeNights();
  const requests = useMyTableRequests(userId ?? null);
  const entries = useMyGuestListEntries(userId ?? null);
  const [pass, setPass] = useState<GuestListEntry | null>(null);
  const promo = usePromo(params);

  const eventId = params.get(TABLES_EVENT_PARAM) ?? nights.data?.[0]?.id ?? null;
  useEffect(() => {
    // a pass shown from the list follows its entry's updates
    if (pass) setPass(entries.data?.find((e) => e.id === pass.id) ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries.data]);

  const here = `/tables${params.toString() ? `?${params.toString()}` : ''}`;
  const toSignIn = () => {
    toast(authenticationRequired);
    navigate('/auth', { state: authRedirectState(here) });
  };

  return (
    <GuestPage route="/tables">
      <Stack $gap={2}>
        <FlushTitle>VIP Tables &amp; Guest Lists</FlushTitle>
        <FlushMuted>
          Bottle service at a reserved table, or your name on the door list for an event night.
        </FlushMuted>
        {promo ? <FlushMuted>Invited with promoter code {promo}.</FlushMuted> : null}
      </Stack>

      <section aria-labelledby="vip-title">
        <SectionTitle id="vip-title">VIP Tables</SectionTitle>
        {nights.isPending ? (
          <LoadingState label="Loading event nights…" />
        ) : nights.isError ? (
          <ErrorState
            title="Could not load the event nights"
            message="Please check your connection and try again."
            onRetry={() => void nights.refetch()}
          />
        ) : (
          <TableRequestForm
            nights={nights.data ?? []}
            eventId={eventId}
            onEventChange={(id) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set(TABLES_EVENT_PARAM, id);
                  return next;
                },
                { replace: true },
              )
            }
            signedIn={signedIn}
            onSignIn={toSignIn}
          />
        )}
      </section>

      <section aria-labelledby="guest-list-title">
        <SectionTitle id="guest-list-title">Guest Lists</SectionTitle>
        {nights.data ? (
          <GuestListSection
            nights={nights.data}
            mine={entries.data ?? []}
            promo={promo}
            signedIn={signedIn}
            onSignIn={toSignIn}
            onShowPass={setPass}
          />
        ) : null}
        {signedIn && userId && nights.data?.length ? (
          <TopSpaced>
            <PromoterSection userId={userId} nights={nights.data} />
          </TopSpaced>
        ) : null}
      </section>

      {signedIn ? (
        <section aria-labelledby="my-tables-title">
          <SectionTitle id="my-tables-title">Your Table Requests</SectionTitle>
          {requests.isPending ? (
            <LoadingState label="Loading your requests…" />
          ) : requests.isError ? (
            <ErrorState
              title="Could not load your requests"
              message="Please try again."
              onRetry={() => void requests.refetch()}
            />
          ) : !requests.data?.length ? (
            <Muted>You have not requested a table yet.</Muted>
          ) : (
            <List>
              {requests.data.map((r) => (
                <MyRequest key={r.id} request={r} />
              ))}
            </List>
          )}
        </section>
      ) : null}

      <GuestListPass entry={pass} onClose={() => setPass(null)} />
    </GuestPage>
  );
}

function MyRequest({ request: r }: { request: TableRequest }) {
  const cancel = useCancelTableRequest({
    onSuccess() {
      toast({ title: 'Table request cancelled', variant: 'success' });
    },
    onError(error) {
      toast({
        title: 'Could not cancel the request',
        description: errorMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });
  const live = r.status === 'pending' || r.status === 'confirmed';
  return (
    <li>
      <Card as="article" aria-label={`Table request ${r.code}`}>
        <Stack $gap={2}>
          <SpreadRow $gap={2}>
            <strong>{r.eventTitle}</strong>
            <Badge
              $tone={r.status === 'confirmed' || r.status === 'arrived' ? 'accent' : 'primary'}
            >
              {tableStatusLabel(r.status)}
            </Badge>
          </SpreadRow>
          <FlushMuted>
            Arrival {longEventDate(r.arrivesAt)} · {r.partySize}{' '}
            {r.partySize === 1 ? 'guest' : 'guests'} · code {r.code}
          </FlushMuted>
          {r.tableName && r.minSpendCents !== null ? (
            <Flush>
              Table {r.tableName}, minimum spend {formatMinimum(r.minSpendCents)}
            </Flush>
          ) : null}
          {r.bottles.length ? (
            <FlushMuted>
              Bottles: {r.bottles.map((b) => `${b.quantity} × ${b.name}`).join(', ')}
            </FlushMuted>
          ) : null}
          {r.staffMessage ? <FlushMuted>A note from our team: {r.staffMessage}</FlushMuted> : null}
          {live ? (
            <Button
              type="button"
              $variant="ghost"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(r.id)}
            >
              Cancel request
            </Button>
          ) : null}
        </Stack>
      </Card>
    </li>
  );
}
