import { Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { Booking, BookingOccurrence } from '@shared/schemas/bookings';
import type { ApplicableScope } from '@shared/schemas/event';
import { deleteBooking, revalidateBookings, useBooking, useScopes } from '../api';
import { ConfirmDialog } from '@web/components/ConfirmDialog';
import { PageLoader } from '@web/components/PageLoader';
import { SidePanel } from '@web/components/SidePanel';
import { may, type Access } from '../../venues/access';
import { DeleteScopeDialog } from './DeleteDialog';
import { EventDetails } from './EventDetails';
import { EventForm } from './EventForm';
import { closedPanel, type EventPanel, type EventPanelProps } from './state';

/** The occurrence a booking read by id stands for: the one asked for, or its first. */
function occurrenceOf(booking: Booking): BookingOccurrence {
  if (booking.occurrence) return booking.occurrence;
  const {
    occurrence: _none,
    exdates: _exdates,
    created_at: _created,
    updated_at: _updated,
    ...fields
  } = booking;
  return {
    ...fields,
    occurrence_start: booking.start_date,
    detached: false,
    start_at: '',
    end_at: '',
    check_in: null,
  };
}

/**
 * The panel `panel` names, in a side panel. This module, with the form's libraries, loads when a
 * panel first opens (EventPanelHost).
 */
export function EventPanels({ access, panel, setPanel, close, show }: EventPanelProps) {
  switch (panel.kind) {
    case 'closed':
      return null;
    case 'details':
      return <DetailsPanel access={access} occurrence={panel.occurrence} setPanel={setPanel} close={close} />;
    case 'add':
      return (
        <SidePanel title="Add new event" onClose={close}>
          <EventForm
            key={`${panel.venue ?? ''}|${panel.space ?? ''}|${panel.start}`}
            event={panel}
            onSaved={close}
            onCancel={close}
          />
        </SidePanel>
      );
    case 'edit':
      return (
        <SidePanel title="Edit event" onClose={close}>
          <EventForm
            key={`${panel.occurrence.id}|${panel.occurrence.occurrence_start}|${panel.moved?.start ?? ''}`}
            occurrence={panel.occurrence}
            moved={panel.moved}
            onSaved={close}
            onCancel={
              panel.fromDetails ? () => setPanel({ kind: 'details', occurrence: panel.occurrence }) : close
            }
          />
        </SidePanel>
      );
    case 'by-id':
      return <BookingById access={access} panel={panel} setPanel={setPanel} close={close} show={show} />;
    case 'delete-this':
      return (
        <DeleteOccurrence
          occurrence={panel.occurrence}
          scope="THIS"
          onDone={() => setPanel(closedPanel)}
          onCancel={() => setPanel(closedPanel)}
        />
      );
  }
}

function DetailsPanel({
  access,
  occurrence,
  setPanel,
  close,
}: {
  access: Access;
  occurrence: BookingOccurrence;
  setPanel: (next: EventPanel) => void;
  close: () => void;
}) {
  const [deleting, setDeleting] = useState(false);
  return (
    <SidePanel title="Event details" onClose={close}>
      <EventDetails
        occurrence={occurrence}
        onEdit={
          may.editEvent(access, occurrence)
            ? () => setPanel({ kind: 'edit', occurrence, fromDetails: true })
            : undefined
        }
        onDelete={may.deleteEvent(access, occurrence) ? () => setDeleting(true) : undefined}
      />
      {deleting && (
        <DeleteOccurrence occurrence={occurrence} onDone={close} onCancel={() => setDeleting(false)} />
      )}
    </SidePanel>
  );
}

/**
 * Asks, then deletes: a single event as a whole; an occurrence of a series THIS, FOLLOWING or ALL
 * (asked unless `scope` is given).
 */
function DeleteOccurrence({
  occurrence,
  scope,
  onDone,
  onCancel,
}: {
  occurrence: BookingOccurrence;
  scope?: ApplicableScope;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const scopes = useScopes(occurrence);
  const remove = async (chosen: ApplicableScope) => {
    try {
      const reply = await deleteBooking(occurrence.id, chosen, occurrence.occurrence_start);
      toast.success(reply.message ?? 'Success');
      await revalidateBookings(mutate);
      onDone();
    } catch {
      // Toasted by the fetch client.
      onCancel();
    }
  };
  if (occurrence.recurring === 'Yes' && !scope) {
    // The question waits for the scopes the API takes.
    if (!scopes) return null;
    return (
      <DeleteScopeDialog scopes={scopes} onConfirm={(chosen) => void remove(chosen)} onCancel={onCancel} />
    );
  }
  return (
    <ConfirmDialog
      message={occurrence.recurring === 'Yes' ? 'Delete this occurrence of the event?' : 'Delete this event?'}
      onConfirm={() => void remove(scope ?? 'ALL')}
      onCancel={onCancel}
    />
  );
}

/** A booking named by the URL: read, shown on the calendar, then in its form (or its details, for one who may not edit it). */
function BookingById({
  access,
  panel,
  setPanel,
  close,
  show,
}: Omit<EventPanelProps, 'panel'> & { panel: Extract<EventPanel, { kind: 'by-id' }> }) {
  const { data: booking, error } = useBooking(panel.id, panel.occurrenceStart);
  const occurrence = booking ? occurrenceOf(booking) : null;
  useEffect(() => {
    if (occurrence) show(occurrence);
    // Once per booking read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [occurrence?.id, occurrence?.occurrence_start]);
  if (!occurrence) {
    return (
      <SidePanel title="Edit event" onClose={close}>
        {error ? <Text>This event could not be found.</Text> : <PageLoader />}
      </SidePanel>
    );
  }
  if (!may.editEvent(access, occurrence))
    return <DetailsPanel access={access} occurrence={occurrence} setPanel={setPanel} close={close} />;
  return (
    <SidePanel title="Edit event" onClose={close}>
      <EventForm key={occurrence.id} occurrence={occurrence} onSaved={close} onCancel={close} />
    </SidePanel>
  );
}
