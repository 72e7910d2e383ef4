import { useState } from 'react';
import styled from 'styled-components';
import { Badge, theme } from '@bistro/ui';
import {
  adminActionFailed,
  eventMessages,
  imageSources,
  useAdminEvents,
  useEventOpenBookingCount,
  useEventModerateMutation,
  type AdminEvent,
  type EventAction,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { formatDateTime } from '../shared/format';
import {
  Actions,
  ConfirmDialog,
  Item,
  ItemHead,
  Meta,
  TabSection,
  SmallButton,
  QueryList,
} from '../shared/ui';
import { CreateEventCard } from './create-event-card';
import { WeeklyNightsCard } from './weekly-nights-card';
import { EventCapacityEditor } from './event-capacity';
import { EventImagesEditor } from './event-images';

const Thumb = styled.img`
  width: 96px;
  height: 72px;
  object-fit: cover;
  border-radius: ${theme.radii.sm};
  border: 1px solid ${theme.colors.border};
  flex: none;
`;

const Body = styled.div`
  display: flex;
  gap: ${theme.space(3)};
  align-items: flex-start;
  p {
    display: -webkit-box;
    -webkit-line-clamp: 3;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
`;

const toastFor: Record<EventAction, typeof eventMessages.approved> = {
  approve: eventMessages.approved,
  reject: eventMessages.rejected,
  delete: eventMessages.deleted,
};

type EventState = 'pending' | 'approved' | 'rejected';

/** Approved, rejected (rejected_at stamped by the database), or pending: neither. */
function eventState(event: Pick<AdminEvent, 'is_approved' | 'rejected_at'>): EventState {
  if (event.is_approved) return 'approved';
  return event.rejected_at ? 'rejected' : 'pending';
}

const stateBadge: Record<EventState, { label: string; tone: 'success' | 'warning' | 'danger' }> = {
  pending: { label: 'Pending', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

function EventRow({
  event,
  busy,
  onAction,
}: {
  event: AdminEvent;
  busy: boolean;
  onAction: (action: EventAction) => void;
}) {
  const image = imageSources(event.featured_image_url, { widths: [192], aspect: 4 / 3 })?.src;
  const state = eventState(event);
  const badge = stateBadge[state];
  return (
    <Item aria-label={event.title}>
      <ItemHead>
        <h3>{event.title}</h3>
        <Badge $tone={badge.tone}>{badge.label}</Badge>
      </ItemHead>
      <Meta>{formatDateTime(event.event_date)}</Meta>
      <Body>
        {image ? <Thumb src={image} alt="" width={96} height={72} loading="lazy" /> : null}
        {event.description ? <Meta>{event.description}</Meta> : null}
      </Body>
      <EventCapacityEditor eventId={event.id} eventTitle={event.title} capacity={event.capacity} />
      <EventImagesEditor eventId={event.id} eventTitle={event.title} />
      {/* Only the moves the state allows are offered, so no button sits there greyed out. */}
      <Actions>
        {state !== 'approved' ? (
          <SmallButton type="button" disabled={busy} onClick={() => onAction('approve')}>
            Approve
          </SmallButton>
        ) : null}
        {state !== 'rejected' ? (
          <SmallButton
            type="button"
            $variant="ghost"
            disabled={busy}
            onClick={() => onAction('reject')}
          >
            Reject
          </SmallButton>
        ) : null}
        <SmallButton
          type="button"
          $variant="danger"
          disabled={busy}
          onClick={() => onAction('delete')}
        >
          Delete
        </SmallButton>
      </Actions>
    </Item>
  );
}

/** What deleting an event does, said before it is done: its open bookings are cancelled. */
export function deleteDescription(title: string, openBookings: number | undefined): string {
  const removed = `"${title}" will be removed for good.`;
  if (openBookings === undefined) return `${removed} Checking its bookings…`;
  if (openBookings === 0) return `${removed} It has no open bookings.`;
  return `${removed} Its ${openBookings} open ${openBookings === 1 ? 'booking is' : 'bookings are'} cancelled by the venue and each guest is told by e-mail.`;
}

/** All events, newest created first: approve, reject, delete, and the create form. */
export function EventsTab() {
  const events = useAdminEvents();
  const [toDelete, setToDelete] = useState<AdminEvent | null>(null);
  const openBookings = useEventOpenBookingCount(toDelete?.id).data;
  const moderate = useEventModerateMutation({
    onSuccess: (_data, vars) => {
      notify(toastFor[vars.action]);
      if (vars.action === 'delete') setToDelete(null);
    },
  });
  const run = (event: AdminEvent, action: EventAction) => {
    if (action === 'delete') {
      setToDelete(event);
      return;
    }
    moderate.mutate(
      { id: event.id, action },
      { onError: (error) => notify(adminActionFailed(error)) },
    );
  };
  return (
    <TabSection headingId="events-heading" title="Events">
      <CreateEventCard />
      <WeeklyNightsCard />
      <h3>All events</h3>
      <QueryList
        query={events}
        label="Events"
        loadingLabel="Loading events…"
        empty="No events yet. Create the first one above."
      >
        {(rows) =>
          rows.map((event) => (
            <EventRow
              key={event.id}
              event={event}
              busy={moderate.isPending && moderate.variables?.id === event.id}
              onAction={(action) => run(event, action)}
            />
          ))
        }
      </QueryList>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this event?"
        description={deleteDescription(toDelete?.title ?? '', openBookings)}
        confirmLabel="Delete Event"
        busy={moderate.isPending}
        onConfirm={() =>
          toDelete &&
          moderate.mutate(
            { id: toDelete.id, action: 'delete' },
            { onError: (error) => notify(adminActionFailed(error)) },
          )
        }
      />
    </TabSection>
  );
}
