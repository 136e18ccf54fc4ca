import * as z from 'zod';
import { messages } from './messages';

/**
 * Presigned uploads (DESIGN §4 "Uploads"): the browser asks for a presigned S3 POST with
 * POST /{client|admin}/uploads, posts the file straight to S3, then sends the returned key.
 * More purposes (space photos, slides) join this list as they are built.
 */
export const uploadPurposes = ['profile-photo', 'account-logo', 'space-photo', 'screen-photo'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

export const imageContentTypes = ['image/png', 'image/jpeg'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];

/** Largest file accepted per purpose, in bytes (bound in the presigned policy too). */
export const maxUploadBytes: Record<UploadPurpose, number> = {
  'profile-photo': 5 * 1024 * 1024,
  /** A customer account's logo (POST /admin/uploads, then `logo_uri` of the account form). */
  'account-logo': 2 * 1024 * 1024,
  /** A space's photo (the space form's `photo_uri`), shown on its card and the room display. */
  'space-photo': 5 * 1024 * 1024,
  /** A screen's photo (the screen form's `photo_uri`). */
  'screen-photo': 5 * 1024 * 1024,
};

export const uploadRequestSchema = z
  .object({
    purpose: z.enum(uploadPurposes, { error: messages.invalid }),
    content_type: z.enum(imageContentTypes, { error: messages.invalid }),
    size: z
      .number({ error: messages.required })
      .int({ error: messages.invalid })
      .min(1, { error: messages.min(0) }),
  })
  .superRefine((value, ctx) => {
    const max = maxUploadBytes[value.purpose];
    if (value.size > max) ctx.addIssue({ code: 'custom', path: ['size'], message: messages.max(max) });
  });
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** The answer: where to POST the multipart form (fields first, then `file`), and the key to send back. */
export const uploadTicketSchema = z.object({
  url: z.url(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;
