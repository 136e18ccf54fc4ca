import * as z from 'zod';
import { status } from './common';

/**
 * Emergency alerts in force for a space (docs/product/client-area.md §2 "CAP alert panel"), as the CAP job keeps
 * them from the space's feeds (CAP 1.2/1.1 documents, or Atom/RSS indexes of them). One alert is one
 * `<info>` block of an Actual, Public Alert or Update that has not expired nor been cancelled.
 */
export const capSeverities = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'] as const;
export type CapSeverity = (typeof capSeverities)[number];

export const capAlertSchema = z.object({
  /** Stable across polls: sender, identifier and the info block's position. */
  id: z.string(),
  identifier: z.string(),
  sender: z.string(),
  /** When the message was sent (ISO 8601 with offset, as in the document). */
  sent: z.string(),
  msg_type: z.enum(['Alert', 'Update']),
  language: z.string(),
  event: z.string(),
  headline: z.string().nullable(),
  severity: z.enum(capSeverities),
  urgency: z.string(),
  certainty: z.string(),
  description: z.string().nullable(),
  instruction: z.string().nullable(),
  area_desc: z.string().nullable(),
  sender_name: z.string().nullable(),
  effective: z.string().nullable(),
  onset: z.string().nullable(),
  expires: z.string().nullable(),
  web: z.string().nullable(),
  /** The feed URL it came from. */
  source_url: z.string(),
});
export type CapAlert = z.infer<typeof capAlertSchema>;

/** How the last poll of one feed URL went. */
export const capFeedStateSchema = z.object({
  url: z.string(),
  /** Last poll, ISO 8601; null until the job has polled it. */
  checked_at: z.string().nullable(),
  /** Last successful read, ISO 8601. */
  read_at: z.string().nullable(),
  /** Why the last poll could not read it; null when it could. */
  error: z.string().nullable(),
});
export type CapFeedState = z.infer<typeof capFeedStateSchema>;

/** GET /client/capAlerts/{spaceId} */
export const spaceCapAlertsSchema = z.object({
  space_id: z.string(),
  cap_alert_status: status,
  /** In force now, the most severe first. */
  alerts: z.array(capAlertSchema),
  feeds: z.array(capFeedStateSchema),
});
export type SpaceCapAlerts = z.infer<typeof spaceCapAlertsSchema>;
