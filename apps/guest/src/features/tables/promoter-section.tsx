import { useState, useSyncExternalStore, type FormEvent } from 'react';
import {
  Button,
  Card,
  ErrorState,
  Field,
  Input,
  Label,
  LoadingState,
  Select,
  Stack,
  toast,
} from '@bistro/ui';
import {
  errorMessage,
  useAddGuestListName,
  useGuestListEntries,
  usePromoters,
  type LoungeNight,
} from '@bistro/data';
import { longEventDate } from '../shared/format-date';
import { FlushHeading, FlushList, FlushMuted } from './styles';

const unchanging = () => () => undefined;
/** The site's address for a shared link: known in the browser; a page rendered on the server shows the path. */
const useOrigin = () =>
  useSyncExternalStore(
    unchanging,
    () => window.location.origin,
    () => '',
  );

/**
 * A promoter's corner of /tables: their link to share, and their guests on a night's list,
 * where they add names (credited to them). Shown only to a member with a promoter record;
 * the database lets promoters read only the guests they brought.
 */
export function PromoterSection({ userId, nights }: { userId: string; nights: LoungeNight[] }) {
  const promoters = usePromoters();
  const origin = useOrigin();
  const me = promoters.data?.find((p) => p.user_id === userId && p.is_active) ?? null;
  const [eventId, setEventId] = useState<string | null>(null);
  const night = nights.find((n) => n.id === eventId) ?? nights[0] ?? null;
  const guests = useGuestListEntries(me ? (night?.id ?? null) : null);
  const [name, setName] = useState('');
  const [plusOnes, setPlusOnes] = useState('0');
  const add = useAddGuestListName({
    onSuccess() {
      toast({ title: 'Guest added', variant: 'success' });
      setName('');
      setPlusOnes('0');
    },
    onError(error) {
      toast({
        title: 'Could not add the guest',
        description: errorMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });
  if (promoters.isPending || !me || !night) return null;
  const link = `${origin}/tables?promo=${me.code}`;
  return (
    <Card aria-labelledby="promoter-title">
      <Stack $gap={3}>
        <FlushHeading id="promoter-title">Your guests, {me.name}</FlushHeading>
        <FlushMuted>Your link: {link}</FlushMuted>
        <Field>
          <Label htmlFor="promoter-night">Night</Label>
          <Select id="promoter-night" value={night.id} onChange={(e) => setEventId(e.target.value)}>
            {nights.map((n) => (
              <option key={n.id} value={n.id}>
                {n.title}: {longEventDate(n.eventDate)}
              </option>
            ))}
          </Select>
        </Field>
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            add.mutate({ eventId: night.id, name, plusOnes: Number(plusOnes) });
          }}
        >
          <Stack $gap={2}>
            <Field>
              <Label htmlFor="promoter-guest">Guest name</Label>
              <Input
                id="promoter-guest"
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
              />
            </Field>
            <Field>
              <Label htmlFor="promoter-plus">Plus-ones</Label>
              <Input
                id="promoter-plus"
                type="number"
                min={0}
                max={20}
                value={plusOnes}
                onChange={(e) => setPlusOnes(e.target.value)}
              />
            </Field>
            <Button type="submit" disabled={add.isPending}>
              Add my guest
            </Button>
          </Stack>
        </form>
        {guests.isPending ? (
          <LoadingState label="Loading your guests…" />
        ) : guests.isError ? (
          <ErrorState
            title="Could not load your guests"
            message="Please try again."
            onRetry={() => void guests.refetch()}
          />
        ) : (
          <FlushList aria-label="Your guests on this night's list">
            {(guests.data ?? [])
              .filter((g) => g.promoterName === me.name)
              .map((g) => (
                <li key={g.id}>
                  {g.guestName}
                  {g.plusOnes ? ` + ${g.plusOnes}` : ''} · {g.status.replace('_', '-')}
                  {g.arrivedPeople ? ` · ${g.arrivedPeople} arrived` : ''}
                </li>
              ))}
          </FlushList>
        )}
      </Stack>
    </Card>
  );
}
