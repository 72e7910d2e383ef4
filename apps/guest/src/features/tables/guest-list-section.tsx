import { useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  Dialog,
  ErrorState,
  Field,
  Input,
  Label,
  LoadingState,
  Muted,
  QrCode,
  Stack,
  theme,
  toast,
} from '@bistro/ui';
import {
  errorMessage,
  guestListClosesText,
  defaultGuestListClose,
  isGuestListOpen,
  useGuestLists,
  useJoinGuestList,
  useLoungeSetup,
  type GuestListEntry,
  type LoungeNight,
} from '@bistro/data';
import { longEventDate } from '../shared/format-date';
import { Grid } from '../shared/styles';
import { CenteredMuted, Flush, FlushMuted, FullWidthButton, SpreadRow } from './styles';

const PassQr = styled(QrCode)`
  width: min(72vw, 320px);
  margin: ${theme.space(4)} auto;
  padding: ${theme.space(3)};
  border-radius: ${theme.radii.md};
`;

const BigCode = styled.p`
  margin: 0;
  text-align: center;
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-size: 2rem;
  letter-spacing: 0.2em;
`;

/** The guest-list pass at the door: its QR code (the entry's code) and the code in large type. */
export function GuestListPass({
  entry,
  onClose,
}: {
  entry: GuestListEntry | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      fullScreen
      title={entry ? `Guest list: ${entry.eventTitle}` : 'Guest list'}
      description={entry?.eventDate ? longEventDate(entry.eventDate) : undefined}
    >
      <PassQr
        value={entry?.code ?? null}
        label={`QR code of guest list pass ${entry?.code ?? ''}`}
      />
      <BigCode data-testid="guest-list-code">{entry?.code}</BigCode>
      <CenteredMuted>
        {entry
          ? `${entry.guestName}${entry.plusOnes ? ` + ${entry.plusOnes}` : ''}. Show this at the door.`
          : ''}
      </CenteredMuted>
      <FullWidthButton type="button" onClick={onClose}>
        Done
      </FullWidthButton>
    </Dialog>
  );
}

/**
 * The guest lists of the coming nights: each says when it closes ("Guest list closes at
 * 10 PM") and takes the member with their plus-ones (up to the night's cap). A promoter's link
 * code (?promo=) travels with the request so the promoter is credited.
 */
export function GuestListSection({
  nights,
  mine,
  promo,
  signedIn,
  onSignIn,
  onShowPass,
}: {
  nights: LoungeNight[];
  mine: GuestListEntry[];
  promo: string | null;
  signedIn: boolean;
  onSignIn: () => void;
  onShowPass: (entry: GuestListEntry) => void;
}) {
  const lists = useGuestLists(nights.map((n) => n.id));
  const setup = useLoungeSetup();
  if (!nights.length)
    return <Muted elementtiming="tables-nights">No guest lists are open right now.</Muted>;
  if (lists.isPending || setup.isPending) return <LoadingState label="Loading guest lists…" />;
  if (lists.isError)
    return (
      <ErrorState
        title="Could not load the guest lists"
        message="Please check your connection and try again."
        onRetry={() => void lists.refetch()}
      />
    );
  const byEvent = new Map((lists.data ?? []).map((l) => [l.event_id, l]));
  return (
    <Grid $min={280}>
      {nights.map((n, i) => (
        <GuestListCard
          key={n.id}
          first={i === 0}
          night={n}
          closesAt={byEvent.get(n.id)?.closes_at ?? null}
          defaultCloseTime={setup.data?.settings.guest_list_closes_at ?? null}
          plusOnesMax={
            byEvent.get(n.id)?.plus_ones_max ?? setup.data?.settings.guest_list_plus_ones_max ?? 0
          }
          entry={mine.find((e) => e.eventId === n.id && e.status !== 'cancelled') ?? null}
          promo={promo}
          signedIn={signedIn}
          onSignIn={onSignIn}
          onShowPass={onShowPass}
        />
      ))}
    </Grid>
  );
}

function GuestListCard({
  night,
  closesAt,
  defaultCloseTime,
  plusOnesMax,
  entry,
  promo,
  signedIn,
  onSignIn,
  onShowPass,
  first = false,
}: {
  night: LoungeNight;
  closesAt: string | null;
  defaultCloseTime: string | null;
  plusOnesMax: number;
  entry: GuestListEntry | null;
  promo: string | null;
  signedIn: boolean;
  onSignIn: () => void;
  onShowPass: (entry: GuestListEntry) => void;
  /** The first card carries the page's content mark (what a first visit waits for). */
  first?: boolean;
}) {
  const [plusOnes, setPlusOnes] = useState(entry?.plusOnes ?? 0);
  // a list not opened yet closes at the venue's time on the event's night
  const closes =
    closesAt ??
    (defaultCloseTime ? defaultGuestListClose(night.eventDate, defaultCloseTime) : null);
  const open = closes === null || isGuestListOpen(closes);
  const join = useJoinGuestList({
    onSuccess() {
      toast({ title: "You're on the list", variant: 'success' });
    },
    onError(error) {
      toast({
        title: 'Could not join the guest list',
        description: errorMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });
  const inputId = `plus-ones-${night.id}`;
  return (
    <Card as="article" aria-label={`Guest list: ${night.title}`}>
      <Stack $gap={2}>
        <SpreadRow $gap={2}>
          <strong elementtiming={first ? 'tables-nights' : undefined}>{night.title}</strong>
          {entry ? <Badge $tone="accent">On the list</Badge> : null}
        </SpreadRow>
        <FlushMuted>{longEventDate(night.eventDate)}</FlushMuted>
        <Flush>
          {closes ? (open ? guestListClosesText(closes) : 'The guest list is closed') : ''}
        </Flush>
        {open ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!signedIn) {
                onSignIn();
                return;
              }
              join.mutate({ eventId: night.id, plusOnes, promo });
            }}
          >
            <Stack $gap={2}>
              <Field>
                <Label htmlFor={inputId}>Plus-ones (up to {plusOnesMax})</Label>
                <Input
                  id={inputId}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={plusOnesMax}
                  value={plusOnes}
                  onChange={(e) => setPlusOnes(Math.max(0, Number(e.target.value) || 0))}
                />
              </Field>
              <Button type="submit" disabled={join.isPending}>
                {!signedIn
                  ? 'Sign in to join the guest list'
                  : entry
                    ? 'Update my plus-ones'
                    : 'Join the guest list'}
              </Button>
            </Stack>
          </form>
        ) : null}
        {entry ? (
          <Button type="button" $variant="accent" onClick={() => onShowPass(entry)}>
            Show Pass
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
