import {
  bookedNowSchema,
  checkedInSchema,
  deviceBookNowSchema,
  deviceCheckInSchema,
  deviceRegisteredSchema,
  deviceRegistrationSchema,
  deviceStateQuerySchema,
  deviceStateSchema,
} from '../schemas/devices';
import { defineRoutes } from './contract';

/**
 * The room-display devices' own API (docs/architecture.md §7): a device registers without any account, shows
 * its activation code until a screen takes it, and then works with its secret token.
 */
export const deviceRoutes = defineRoutes('device', {
  'register-device': {
    method: 'POST',
    path: '/device/register',
    auth: 'public',
    summary:
      'Registers a room-display device: its id, its secret token (shown once) and a 6-character activation code valid 24 hours; limited per IP address',
    body: deviceRegistrationSchema,
    response: deviceRegisteredSchema,
    errors: [429],
  },
  'get-device-state': {
    method: 'GET',
    path: '/device/state',
    auth: 'device',
    summary:
      "What the display shows: its activation code until a screen takes it, then the screen's space, today's and tomorrow's bookings, check-in, slideshow and alerts; a heartbeat; 304 when unchanged",
    query: deviceStateQuerySchema,
    response: deviceStateSchema,
    conditional: true,
  },
  'check-in': {
    method: 'POST',
    path: '/device/checkin',
    auth: 'device',
    summary:
      "Checks a booking of the room in with a person's PIN, during the space's check-in window; five wrong PINs on a device in 15 minutes lock PIN entry there for 15 minutes",
    body: deviceCheckInSchema,
    response: checkedInSchema,
    errors: [404, 409, 429],
  },
  'book-now': {
    method: 'POST',
    path: '/device/booknow',
    auth: 'device',
    summary:
      "Books the room from now for 15, 30 or 60 minutes with a person's PIN, cut at its next booking and the end of its availability; the booking rules of the calendar apply",
    body: deviceBookNowSchema,
    response: bookedNowSchema,
    errors: [404, 409, 429],
  },
});
