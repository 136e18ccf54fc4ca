import * as z from 'zod';
import { optionalText } from './common';

/**
 * The room-display devices on the wire (DESIGN §7; `/api/v1/device`): a device registers, shows
 * its activation code until an account's screen takes it, then polls its state with its own
 * secret token, never a user's.
 */

/** POST /device/register */
export const deviceRegistrationSchema = z.object({
  /** The display app's version, as built. */
  app_version: optionalText(50),
});
export type DeviceRegistrationInput = z.input<typeof deviceRegistrationSchema>;

export const deviceRegisteredSchema = z.object({
  device_id: z.string(),
  /** The device's secret, shown this once: `Authorization: Bearer <token>` on its requests. */
  token: z.string(),
  /** What an account user types as the screen's `screen_id_no` to bind this device to it. */
  code: z.string(),
  code_expires_at: z.string(),
});
export type DeviceRegistered = z.infer<typeof deviceRegisteredSchema>;
