import { useCallback, useId, useState } from 'react';
import type { BoundDeviceState } from '@shared/schemas/devices';
import { DisplayClock } from './clock';
import { bookNow, checkIn } from './device';
import { PinPad } from './PinPad';
import { localDate, roomNow, statusWords, timeIn, timeLeft, type Meeting, type RoomStatus } from './room';
import { Slideshow } from './Slideshow';

const statusIcons: Record<RoomStatus, string> = { available: '✓', busy: '✕', soon: '◷' };
const bookingLengths = [15, 30, 60] as const;
type BookingLength = (typeof bookingLengths)[number];

type Pad = { kind: 'check-in'; meeting: Meeting } | { kind: 'book-now' };

/**
 * A bound, active screen: the room's name, its status in words and colour, the meeting in
 * progress with the time left (or the next one), the rest of the day, a clock in the venue's time
 * zone, Check in while a booking's window is open and Book now while the room is free, each with
 * the PIN pad. While the room is free its slideshow plays beside the status.
 */
export function RoomScreen({
  state,
  now,
  token,
  refresh,
}: {
  state: BoundDeviceState;
  now: number;
  token: string | null;
  refresh: () => void;
}) {
  const zone = state.venue?.timezone ?? 'UTC';
  const room = roomNow(state, now);
  const agendaId = useId();
  const [pad, setPad] = useState<Pad | null>(null);
  const [minutes, setMinutes] = useState<BookingLength>(30);
  const closePad = useCallback(() => setPad(null), []);
  const slideshow = state.slideshow?.slides.some((slide) => slide.file_url) ? state.slideshow : null;
  const playing = slideshow && room.status !== 'busy';
  const time = (instant: number) => timeIn(instant, zone);
  const today = localDate(now, zone);

  const submit = async (pin: string) => {
    if (!token || !pad) throw new Error('This screen is not set up');
    const message =
      pad.kind === 'check-in'
        ? await checkIn(token, { occurrence_start: pad.meeting.start_utc, pin })
        : await bookNow(token, { minutes, pin });
    refresh();
    return message;
  };

  return (
    <div className={`room room-${room.status}${playing ? ' room-with-slides' : ''}`}>
      <header className="room-header">
        {state.branding && <img className="room-logo" src={state.branding.logo_url} alt="Logo" />}
        <div className="room-names">
          <h1>{state.space?.title ?? state.screen.name ?? 'Room'}</h1>
          {state.venue && <p className="room-venue">{state.venue.name}</p>}
        </div>
        <DisplayClock zone={zone} />
      </header>

      <section className="room-status" aria-label="Room status">
        <p className={`status status-${room.status}`}>
          <span className="status-icon" aria-hidden="true">
            {statusIcons[room.status]}
          </span>
          {statusWords[room.status]}
        </p>
        {room.current ? (
          <p className="room-meeting">
            <span className="room-meeting-title">{room.current.title}</span>
            {room.current.external && (
              <span className="room-meeting-source">Booked in {room.current.external}</span>
            )}
            <span>
              {time(room.current.start)}–{time(room.current.end)} · {timeLeft(room.current.end - now)} left
            </span>
          </p>
        ) : room.next && localDate(room.next.start, zone) === today ? (
          <p className="room-meeting">
            <span>Next: {room.next.title}</span>
            <span>
              at {time(room.next.start)} · in {timeLeft(room.next.start - now)}
            </span>
          </p>
        ) : (
          <p className="room-meeting">No more bookings today</p>
        )}
        {room.checkedIn && !room.checkIn && (
          <p className="room-checked-in">
            <span aria-hidden="true">✓ </span>
            {room.checkedIn.title}: checked in
          </p>
        )}
        <div className="room-actions">
          {room.checkIn && (
            <button
              type="button"
              className="action action-primary"
              onClick={() => setPad({ kind: 'check-in', meeting: room.checkIn! })}
            >
              Check in
            </button>
          )}
          {room.canBookNow && (
            <button type="button" className="action" onClick={() => setPad({ kind: 'book-now' })}>
              Book now
            </button>
          )}
        </div>
      </section>

      <section className="room-agenda" aria-labelledby={agendaId}>
        <h2 id={agendaId}>Today</h2>
        {room.today.length ? (
          <ol>
            {room.today.map((meeting) => (
              <li
                key={`${meeting.booking_id}-${meeting.start}`}
                aria-current={meeting === room.current || undefined}
              >
                <span className="agenda-time">
                  {time(meeting.start)}–{time(meeting.end)}
                </span>
                <span className="agenda-title">{meeting.title}</span>
                {meeting.external && <span className="agenda-source">via {meeting.external}</span>}
                {meeting.checked_in && <span className="agenda-checked-in">Checked in</span>}
              </li>
            ))}
          </ol>
        ) : (
          <p>Nothing else is booked today.</p>
        )}
      </section>

      {playing && (
        <section className="room-slides" aria-label="Slideshow">
          <Slideshow key={`${slideshow.id}-${slideshow.updated_at}`} slideshow={slideshow} />
        </section>
      )}

      {pad && (
        <PinPad
          title={pad.kind === 'check-in' ? `Check in: ${pad.meeting.title}` : 'Book now'}
          submit={submit}
          onClose={closePad}
        >
          {pad.kind === 'book-now' && (
            <div className="pin-pad-lengths" role="group" aria-label="How long">
              {bookingLengths.map((length) => (
                <button
                  key={length}
                  type="button"
                  aria-pressed={minutes === length}
                  onClick={() => setMinutes(length)}
                >
                  {length} min
                </button>
              ))}
            </div>
          )}
        </PinPad>
      )}
    </div>
  );
}
