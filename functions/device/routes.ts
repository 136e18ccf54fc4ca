import {
  deviceRegisteredSchema,
  deviceRegistrationSchema,
  deviceStateQuerySchema,
  deviceStateSchema,
} from '../../shared/schemas/devices';
import { defineRoutes } from '../http/contract';

/**
 * The room-display devices' own API (DESIGN §7): a device registers without any account, shows
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
});
