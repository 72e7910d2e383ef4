import { useState } from 'react';
import {
  Badge,
  Button,
  Dialog,
  Field,
  FloorPlan,
  Label,
  LoadingState,
  Muted,
  Textarea,
  toast,
} from '@bistro/ui';
import {
  businessDate,
  committedMinimum,
  errorMessage,
  formatMinimum,
  formatWallClock,
  tableStatusLabel,
  useConfirmTableRequest,
  useDeclineTableRequest,
  useNightTables,
  useStaffTableRequests,
  venueWallClock,
  type TableRequest,
} from '@bistro/data';
import {
  Actions,
  Item,
  ItemHead,
  List,
  Meta,
  QueryFrame,
  SmallButton,
  TabSection,
} from '../shared/ui';

const when = (iso: string) => formatWallClock(venueWallClock(iso), "EEE, MMM d '·' h:mm a");

/**
 * Table requests at the host stand: from tonight on (staff read tonight's only, admins every
 * night), each with its party, arrival, bottles and status; a pending one is confirmed with a
 * table picked on the night's floor plan, or declined with a message to the guest. Tonight's
 * committed minimum spend (confirmed and arrived tables) heads the list.
 */
export function TableRequestsPanel() {
  const today = businessDate();
  const requests = useStaffTableRequests(today);
  const [confirming, setConfirming] = useState<TableRequest | null>(null);
  const [declining, setDeclining] = useState<TableRequest | null>(null);
  const committed = committedMinimum(requests.data ?? [], today);
  return (
    <TabSection
      headingId="vip-requests-title"
      title="Table requests"
      aside={
        <Badge $tone="accent" data-testid="committed-minimum">
          Tonight's committed minimum: {formatMinimum(committed)}
        </Badge>
      }
    >
      <QueryFrame query={requests} loadingLabel="Loading table requests…">
        {!requests.data?.length ? (
          <Muted>No table requests from tonight on.</Muted>
        ) : (
          <List aria-label="Table requests">
            {requests.data.map((r) => (
              <Item key={r.id} aria-label={`Table request of ${r.guestName}`}>
                <ItemHead>
                  <h3>
                    {r.guestName} · {r.partySize} {r.partySize === 1 ? 'guest' : 'guests'}
                  </h3>
                  <Badge $tone={r.status === 'pending' ? 'primary' : 'accent'}>
                    {tableStatusLabel(r.status)}
                  </Badge>
                </ItemHead>
                <Meta>
                  {r.eventTitle} · arrives {when(r.arrivesAt)} · code {r.code}
                </Meta>
                {r.tableName && r.minSpendCents !== null ? (
                  <Meta>
                    Table {r.tableName}, minimum {formatMinimum(r.minSpendCents)}
                    {r.heldUntil
                      ? `, held until ${formatWallClock(venueWallClock(r.heldUntil), 'h:mm a')}`
                      : ''}
                  </Meta>
                ) : null}
                {r.bottles.length ? (
                  <Meta>
                    Bottles: {r.bottles.map((b) => `${b.quantity} × ${b.name}`).join(', ')}
                  </Meta>
                ) : null}
                {r.note ? <Meta>Note: {r.note}</Meta> : null}
                {r.staffMessage ? <Meta>Message: {r.staffMessage}</Meta> : null}
                {r.status === 'pending' || r.status === 'confirmed' ? (
                  <Actions>
                    {r.status === 'pending' ? (
                      <SmallButton type="button" onClick={() => setConfirming(r)}>
                        Confirm
                      </SmallButton>
                    ) : null}
                    <SmallButton type="button" $variant="ghost" onClick={() => setDeclining(r)}>
                      Decline
                    </SmallButton>
                  </Actions>
                ) : null}
              </Item>
            ))}
          </List>
        )}
      </QueryFrame>
      <ConfirmTableDialog request={confirming} onClose={() => setConfirming(null)} />
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </TabSection>
  );
}

function ConfirmTableDialog({
  request,
  onClose,
}: {
  request: TableRequest | null;
  onClose: () => void;
}) {
  const tables = useNightTables(request?.eventId ?? null);
  const [tableId, setTableId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const confirm = useConfirmTableRequest({
    onSuccess() {
      toast({ title: 'Table confirmed', variant: 'success' });
      setTableId(null);
      setMessage('');
      onClose();
    },
    onError(error) {
      toast({
        title: 'Could not confirm the table',
        description: errorMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={request ? `Confirm a table for ${request.guestName}` : 'Confirm a table'}
      description={
        request
          ? `${request.partySize} ${request.partySize === 1 ? 'guest' : 'guests'}, arriving ${when(request.arrivesAt)}`
          : undefined
      }
    >
      {tables.isPending ? (
        <LoadingState label="Loading the floor plan…" />
      ) : (
        <FloorPlan
          label="Choose a table"
          selectedId={tableId}
          onSelect={setTableId}
          tables={(tables.data ?? []).map((t) => ({
            id: t.id,
            name: t.name,
            x: t.gridX,
            y: t.gridY,
            caption: t.isFree ? `${t.seats} seats · ${formatMinimum(t.minSpendCents)}` : 'Taken',
            disabled: !t.isFree,
          }))}
        />
      )}
      <Field>
        <Label htmlFor="confirm-message">Message to the guest (optional)</Label>
        <Textarea
          id="confirm-message"
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <Button
        type="button"
        disabled={!tableId || confirm.isPending}
        onClick={() => request && tableId && confirm.mutate({ id: request.id, tableId, message })}
        style={{ width: '100%' }}
      >
        {confirm.isPending ? 'Confirming…' : 'Confirm table'}
      </Button>
    </Dialog>
  );
}

function DeclineDialog({
  request,
  onClose,
}: {
  request: TableRequest | null;
  onClose: () => void;
}) {
  const [message, setMessage] = useState('');
  const decline = useDeclineTableRequest({
    onSuccess() {
      toast({ title: 'Table request declined', variant: 'success' });
      setMessage('');
      onClose();
    },
    onError(error) {
      toast({
        title: 'Could not decline the request',
        description: errorMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    },
  });
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={request ? `Decline ${request.guestName}'s request` : 'Decline'}
    >
      <Field>
        <Label htmlFor="decline-message">Message to the guest</Label>
        <Textarea
          id="decline-message"
          maxLength={500}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Field>
      <Button
        type="button"
        disabled={!message.trim() || decline.isPending}
        onClick={() => request && decline.mutate({ id: request.id, message })}
        style={{ width: '100%' }}
      >
        Decline request
      </Button>
    </Dialog>
  );
}
