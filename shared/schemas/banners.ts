import * as z from 'zod';
import { isoDate, requiredText, status } from './common';
import { messages } from './messages';

/** Banner announcements (docs/product/admin-and-auth.md §3 Banner announcement, §5, §9). */
export const bannerPositions = [
  'top-left',
  'bottom-left',
  'top-right',
  'bottom-right',
  'top-center',
  'bottom-center',
] as const;
export const bannerPosition = z.enum(bannerPositions, { error: messages.invalid });

/**
 * Package ids, comma-joined on the wire; a list is accepted too. None: every package. At most 100
 * ids (the string: as many with a comma and a space each).
 */
const packageIds = z
  .union(
    [
      z.string({ error: messages.invalid }).max(2800),
      z.array(z.string({ error: messages.invalid }).max(26)).max(100),
    ],
    { error: messages.invalid },
  )
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((id) => id.trim()).filter(Boolean),
  )
  .pipe(
    // One message for the field, not one per list entry.
    z
      .array(z.string())
      .max(100, { error: messages.invalid })
      .refine((ids) => ids.every((id) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)), { error: messages.invalid }),
  );

/** POST /admin/banner and PUT /admin/banner/{id} */
export const bannerInputSchema = z.object({
  title: requiredText(255),
  message: requiredText(2000),
  expiration_date: isoDate,
  /** Shown on the login pages; `on_login_form` is read as the same. */
  on_login_page: z.boolean({ error: messages.invalid }).optional(),
  on_login_form: z.boolean({ error: messages.invalid }).optional(),
  for_packages: packageIds.optional(),
  /** Whether a person may dismiss it (remembered in their browser). */
  hideable: z.boolean({ error: messages.invalid }).default(true),
  position: bannerPosition.default('top-center'),
  status: status.optional(),
});

/** A parsed banner with its two spellings of "on the login page" read as one. */
export function bannerValues({ on_login_form, ...banner }: z.output<typeof bannerInputSchema>) {
  return {
    ...banner,
    on_login_page: banner.on_login_page ?? on_login_form ?? false,
    for_packages: banner.for_packages ?? [],
  };
}

export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  expiration_date: z.string(),
  on_login_page: z.boolean(),
  /** The same as `on_login_page`, as lists spell it. */
  for_login_page: z.boolean(),
  /** Comma-joined package ids; empty for every package. */
  for_packages: z.string(),
  hideable: z.boolean(),
  position: bannerPosition,
  status,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Banner = z.infer<typeof bannerSchema>;
