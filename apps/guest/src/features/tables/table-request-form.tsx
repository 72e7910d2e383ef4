import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import {
  Card,
  ErrorState,
  Field,
  FieldError,
  FloorPlan,
  Input,
  Label,
  LoadingState,
  Muted,
  Select,
  Stack,
  Textarea,
  theme,
  toast,
} from '@bistro/ui';
import {
  errorMessage,
  formatMinimum,
  minimumFrom,
  useBottles,
  useLoungeSetup,
  useNightTables,
  useRequestTable,
  type LoungeNight,
} from '@bistro/data';
import { longEventDate } from '../shared/format-date';
import { arrivalInstant, eventTime } from './arrival';
import { Flush, FlushHeading, FullWidthButton, GrowField, SmallMuted, WrapRow } from './styles';
import { InfoLine } from '../shared/styles';

const BottleRow = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(2)};
  padding: ${theme.space(2)} 0;
  border-bottom: 1px solid ${theme.colors.border};
  input {
    width: 72px;
  }
`;

const Plain = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Policy = styled.div`
  padding: ${theme.space(3)};
  border-left: 3px solid ${theme.colors.accent};
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.sm};
`;

const PlainFieldset = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
`;

const BottlesLegend = styled.legend`
  font-weight: 600;
  margin-bottom: 8px;
`;

const BottleLabel = styled.label`
  min-width: 0;
`;

const PolicyText = styled.p`
  margin: 4px 0 0;
`;

const PolicyNote = styled.p`
  margin: 8px 0 0;
  font-weight: 600;
`;

/**
 * A member asks for a table on an event's night: party size, arrival time and bottles chosen
 * ahead (optional). The night's tables show on the floor plan with their minimum spend; the
 * venue's policy is shown before sending, and the page says plainly that the app takes no
 * card payment. Staff confirm a table later; the database checks every choice.
 */
export function TableRequestForm({
  nights,
  eventId,
  onEventChange,
  signedIn,
  onSignIn,
}: {
  nights: LoungeNight[];
  eventId: string | null;
  onEventChange: (id: string) => void;
  signedIn: boolean;
  onSignIn: () => void;
}) {
  const setup = useLoungeSetup();
  const bottles = useBottles();
  const night = nights.find((n) => n.id === eventId) ?? null;
  const tables = useNightTables(night?.id ?? null);
  const [partyText, setPartyText] = useState('4');
  const party = Math.max(1, Math.floor(Number(partyText)) || 1);
  const [arrival, setArrival] = useState('');
  const [picked, setPicked] = useState<Record<string, number>>({});
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    if (night) setArrival(eventTime(night.eventDate));
    setSent(null);
    setFailure(null);
  }, [night]);

  const settings = setup.data?.settings;
  const minimum = useMemo(
    () => (tables.data ? minimumFrom(tables.data, party) : null),
    [tables.data, party],
  );
  const sections = new Map((setup.data?.sections ?? []).map((s) => [s.id, s.name]));
  const bottleCount = Object.values(picked).reduce((a, b) => a + b, 0);

  const request = useRequestTable({
    onSuccess(result) {
      setSent(result.code);
      setPicked({});
      setNote('');
      toast({ title: 'Table requested', variant: 'success' });
    },
    onError(error) {
      const message = errorMessage(error) ?? 'Please try again.';
      setFailure(message);
      toast({ title: 'Could not request the table', description: message, variant: 'destructive' });
    },
  });

  if (!nights.length) {
    return (
      <Card>
        <Muted>No event nights are open for table requests right now.</Muted>
      </Card>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!signedIn) {
      onSignIn();
      return;
    }
    if (!night) return;
    const arrivesAt = arrivalInstant(night.eventDate, arrival);
    if (!arrivesAt) {
      setFailure('Please enter an arrival time.');
      return;
    }
    request.mutate({
      eventId: night.id,
      partySize: party,
      arrivesAt,
      bottles: Object.entries(picked)
        .filter(([, q]) => q > 0)
        .map(([menuItemId, quantity]) => ({ menuItemId, quantity })),
      note,
    });
  };

  return (
    <Card as="form" onSubmit={submit} aria-labelledby="table-form-title">
      <Stack $gap={4}>
        <FlushHeading id="table-form-title">Request a VIP table</FlushHeading>
        <Field>
          <Label htmlFor="table-night">Event night</Label>
          <Select
            id="table-night"
            value={eventId ?? ''}
            onChange={(e) => onEventChange(e.target.value)}
          >
            <option value="" disabled>
              Choose a night
            </option>
            {nights.map((n) => (
              <option key={n.id} value={n.id}>
                {n.title}: {longEventDate(n.eventDate)}
              </option>
            ))}
          </Select>
        </Field>
        {night ? (
          <>
            <WrapRow $gap={3}>
              <GrowField $basis={120}>
                <Label htmlFor="table-party">Party size</Label>
                <Input
                  id="table-party"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={settings?.party_max ?? 20}
                  value={partyText}
                  onChange={(e) => setPartyText(e.target.value)}
                />
              </GrowField>
              <GrowField $basis={140}>
                <Label htmlFor="table-arrival">Arrival time</Label>
                <Input
                  id="table-arrival"
                  type="time"
                  value={arrival}
                  onChange={(e) => setArrival(e.target.value)}
                />
              </GrowField>
            </WrapRow>

            {tables.isPending ? (
              <LoadingState label="Loading the floor plan…" />
            ) : tables.isError ? (
              <ErrorState
                title="Could not load the tables"
                message="Please check your connection and try again."
                onRetry={() => void tables.refetch()}
              />
            ) : (
              <Stack $gap={2}>
                <Flush data-testid="table-minimum">
                  {minimum === null
                    ? 'Every table is taken that night.'
                    : `Minimum spend from ${formatMinimum(minimum)} for the night`}
                </Flush>
                <FloorPlan
                  label="The lounge floor plan for the night"
                  tables={(tables.data ?? []).map((t) => ({
                    id: t.id,
                    name: t.name,
                    x: t.gridX,
                    y: t.gridY,
                    caption: t.isFree
                      ? `${sections.get(t.sectionId) ?? ''} · ${t.seats} seats · ${formatMinimum(t.minSpendCents)}`
                      : 'Taken',
                    disabled: !t.isFree,
                  }))}
                />
                <SmallMuted>Our hosts assign the table when they confirm your request.</SmallMuted>
              </Stack>
            )}

            <PlainFieldset>
              <BottlesLegend>Bottles (optional)</BottlesLegend>
              {bottles.isPending ? (
                <LoadingState label="Loading the bottle list…" />
              ) : bottles.isError ? (
                <ErrorState
                  title="Could not load the bottle list"
                  message="Please try again."
                  onRetry={() => void bottles.refetch()}
                />
              ) : !bottles.data?.length ? (
                <Muted>The bottle list is empty for now.</Muted>
              ) : (
                <Plain>
                  {bottles.data.map((b) => (
                    <BottleRow key={b.id}>
                      <BottleLabel htmlFor={`bottle-${b.id}`}>
                        {b.name} <Muted as="span">{formatMinimum(b.priceCents)}</Muted>
                      </BottleLabel>
                      <Input
                        id={`bottle-${b.id}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={settings?.bottles_max ?? 10}
                        value={picked[b.id] ?? 0}
                        onChange={(e) =>
                          setPicked((p) => ({
                            ...p,
                            [b.id]: Math.max(0, Number(e.target.value) || 0),
                          }))
                        }
                      />
                    </BottleRow>
                  ))}
                </Plain>
              )}
              {bottleCount ? (
                <InfoLine>
                  {bottleCount} {bottleCount === 1 ? 'bottle' : 'bottles'} chosen
                </InfoLine>
              ) : null}
            </PlainFieldset>

            <Field>
              <Label htmlFor="table-note">Anything we should know? (optional)</Label>
              <Textarea
                id="table-note"
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </Field>

            <Policy>
              <strong>Deposit and cancellation</strong>
              <PolicyText>{settings?.policy_text ?? ''}</PolicyText>
              <PolicyNote>
                No card payment is taken by the app. The minimum spend is settled at the venue on
                the night.
              </PolicyNote>
            </Policy>

            {failure ? <FieldError role="alert">{failure}</FieldError> : null}
            {sent ? (
              <Flush role="status">
                Request sent (code {sent}). We will e-mail you when a host confirms your table.
              </Flush>
            ) : null}
            <FullWidthButton type="submit" disabled={request.isPending}>
              {!signedIn
                ? 'Sign in to request a table'
                : request.isPending
                  ? 'Sending…'
                  : 'Request table'}
            </FullWidthButton>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
