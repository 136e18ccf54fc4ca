import { Flex, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import {
  licenceStatuses,
  newLicencesSchema,
  updateLicenceSchema,
  type Licence,
} from '@shared/schemas/licences';
import { accountsRoutes } from '@shared/api/accounts-routes';
import { accountPaths, revalidateLicences } from '../admin-accounts/api';
import { callRoute } from '@web/api/call';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';

type AddInput = z.input<typeof newLicencesSchema>;
type AddOutput = z.output<typeof newLicencesSchema>;
type EditInput = z.input<typeof updateLicenceSchema>;
type EditOutput = z.output<typeof updateLicenceSchema>;

/** Licence count choices: 1 to 49 (docs/product/admin-and-auth.md §9: the range end, 50, is exclusive). */
export const licenceCounts = Array.from({ length: 49 }, (_, index) => index + 1);

/** A number field's value for the schema: blank is left out, anything else a number (NaN is refused). */
const asNumber = (value: unknown) => (value === '' || value == null ? undefined : Number(value));

/** Today in the browser, `YYYY-MM-DD`. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type PurchaseField = 'purchase_date' | 'expiration_date' | 'order_no' | 'amount' | 'note';
type Binding = UseFormRegisterReturn & { hasError: boolean; errorMessage?: string };

/** The fields both forms have: the purchase's dates, order number, amount and note. */
function PurchaseFields({ bind }: { bind: (name: PurchaseField) => Binding }) {
  return (
    <>
      <Flex gap="small" wrap="wrap">
        <TextField label="Purchase date" type="date" isRequired flex="1" {...bind('purchase_date')} />
        <TextField label="Expiration date" type="date" isRequired flex="1" {...bind('expiration_date')} />
      </Flex>
      <TextField label="Order number" inputMode="numeric" maxLength={50} {...bind('order_no')} />
      <TextField label="Amount per license" type="number" min={0} step="0.01" {...bind('amount')} />
      <TextAreaField label="Note" maxLength={500} rows={3} {...bind('note')} />
    </>
  );
}

const purchaseFields: PurchaseField[] = ['purchase_date', 'expiration_date', 'order_no', 'amount', 'note'];

/**
 * ADD LICENSE (docs/product/admin-and-auth.md §2 "Licences screen", §5, §9): a number of licences (1 to 49) bought
 * together, with the purchase and expiration dates, order number, amount per licence and a note.
 */
export function AddLicencesForm({
  accountId,
  onSaved,
  onCancel,
}: {
  accountId: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const form = useForm<AddInput, unknown, AddOutput>({
    resolver: zodResolver(newLicencesSchema),
    mode: 'onTouched',
    defaultValues: { no_of_licence: 1, purchase_date: today(), expiration_date: '', order_no: '', note: '' },
  });
  const save = form.handleSubmit(async (values) => {
    try {
      const reply = await callRoute(accountsRoutes['create-licences'], {
        params: { id: accountId },
        body: values,
      });
      toast.success(reply.message ?? 'Licenses added');
      await Promise.all([
        revalidateLicences(mutate, accountId),
        mutate(accountPaths.recentPayments),
        mutate(accountPaths.purchases(accountId)),
      ]);
      onSaved();
    } catch (error) {
      showServerErrors(error, form.setError, ['no_of_licence', ...purchaseFields] as Path<AddInput>[]);
    }
  });
  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={save} aria-label="Add licenses">
      <SelectField
        label="Number of licenses"
        isRequired
        {...fieldProps(form, 'no_of_licence', { setValueAs: asNumber })}
      >
        {licenceCounts.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </SelectField>
      <PurchaseFields
        bind={(name) => fieldProps(form, name, name === 'amount' ? { setValueAs: asNumber } : undefined)}
      />
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}

/** Edit one licence: its purchase's fields and its status (Active, Expired, Declined). */
export function EditLicenceForm({
  accountId,
  licence,
  onSaved,
  onCancel,
}: {
  accountId: string;
  licence: Licence;
  onSaved: (saved: Licence) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(updateLicenceSchema),
    mode: 'onTouched',
    defaultValues: {
      purchase_date: licence.purchase_date,
      expiration_date: licence.expiration_date,
      order_no: licence.order_no ?? '',
      amount: licence.amount ?? undefined,
      note: licence.note ?? '',
      status: licence.status,
    },
  });
  const save = form.handleSubmit(async (values) => {
    try {
      const reply = await callRoute(accountsRoutes['update-licence'], {
        params: { id: accountId, licenceId: licence.id },
        body: values,
      });
      toast.success(reply.message ?? 'License updated');
      await revalidateLicences(mutate, accountId);
      onSaved(reply.result);
    } catch (error) {
      showServerErrors(error, form.setError, [...purchaseFields, 'status'] as Path<EditInput>[]);
    }
  });
  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onSubmit={save}
      aria-label={`Edit License #${licence.licence_no}`}
    >
      <PurchaseFields
        bind={(name) => fieldProps(form, name, name === 'amount' ? { setValueAs: asNumber } : undefined)}
      />
      <SelectField label="Status" {...fieldProps(form, 'status')}>
        {licenceStatuses.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </SelectField>
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
