import * as z from 'zod';
import { isoDate, optionalText } from './common';
import { messages } from './messages';

/** Screen licences of an account (docs/product/admin-and-auth.md §2 "Licences screen", §3 Licence, §5, §9). */
export const licenceStatuses = ['Active', 'Expired', 'Declined'] as const;
const licenceStatus = z.enum(licenceStatuses, { error: messages.invalid });

/** Order numbers are digits, at most 50 of them. */
const orderNo = z
  .string({ error: messages.invalid })
  .trim()
  .max(50, { error: messages.maxLength(50) })
  .regex(/^\d*$/, { error: 'Field should be a number' })
  .optional()
  .transform((v) => v || undefined);

const amount = z
  .number({ error: messages.invalid })
  .min(0, { error: messages.min(-1) })
  .max(1_000_000_000, { error: messages.max(1_000_000_001) })
  .optional();

const expiryNotBeforePurchase = (
  value: { purchase_date?: string; expiration_date?: string },
  ctx: z.RefinementCtx,
) => {
  if (value.purchase_date && value.expiration_date && value.expiration_date < value.purchase_date) {
    ctx.addIssue({
      code: 'custom',
      path: ['expiration_date'],
      message: 'The expiration date must not be before the purchase date',
    });
  }
};

/** POST /admin/account/{id}/license: `no_of_licence` licences in one purchase. */
export const newLicencesSchema = z
  .object({
    no_of_licence: z
      .number({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
      .int({ error: messages.invalid })
      .min(1, { error: messages.min(0) })
      .max(50, { error: messages.max(51) }),
    purchase_date: isoDate,
    expiration_date: isoDate,
    order_no: orderNo,
    amount,
    note: optionalText(500),
  })
  .superRefine(expiryNotBeforePurchase);

/** PUT /admin/account/{id}/license/{licenceId} */
export const updateLicenceSchema = z
  .object({
    purchase_date: isoDate,
    expiration_date: isoDate,
    order_no: orderNo,
    amount,
    note: optionalText(500),
    licence_type: optionalText(30),
    status: licenceStatus.optional(),
  })
  .superRefine(expiryNotBeforePurchase);

export const licenceSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  /** Numbered on per account, from 1. */
  licence_no: z.number().int(),
  licence_type: z.string(),
  parent_id: z.string().nullable(),
  order_no: z.string().nullable(),
  note: z.string().nullable(),
  purchase_date: z.string(),
  expiration_date: z.string(),
  amount: z.number().nullable(),
  /** Expired once the expiration date has passed, whatever was set. */
  status: licenceStatus,
  screen_id: z.string().nullable(),
  screen: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Licence = z.infer<typeof licenceSchema>;

/** GET /admin/account/{id}/license?search=&page= */
export const licenceQuerySchema = z.object({
  search: z
    .string()
    .max(200, { error: messages.maxLength(200) })
    .optional(),
  page: z
    .string()
    .max(6, { error: messages.invalid })
    .regex(/^\d{1,6}$/, { error: messages.invalid })
    .transform(Number)
    .pipe(z.number().min(1, { error: messages.min(0) }))
    .optional(),
});

export const licencePageSchema = z.object({
  data: z.array(licenceSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type LicencePage = z.infer<typeof licencePageSchema>;

/** GET /admin/recentPayments: the newest licence purchases. */
export const licencePurchaseSchema = z.object({
  id: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  count: z.number().int(),
  amount: z.number().nullable(),
  purchase_date: z.string(),
  created_at: z.iso.datetime(),
});
export type LicencePurchase = z.infer<typeof licencePurchaseSchema>;

/**
 * GET /admin/account/{id}/purchases: one account's licence purchases as they were recorded (the
 * account's Billing), newest first, whatever became of the licences since. The numbers given out
 * are `first_licence_no` … `last_licence_no` (null for a purchase recorded before they were kept).
 */
export const accountPurchaseSchema = z.object({
  id: z.string(),
  count: z.number().int(),
  first_licence_no: z.number().int().nullable(),
  last_licence_no: z.number().int().nullable(),
  amount: z.number().nullable(),
  purchase_date: z.string(),
  created_at: z.iso.datetime(),
});
export type AccountPurchase = z.infer<typeof accountPurchaseSchema>;
