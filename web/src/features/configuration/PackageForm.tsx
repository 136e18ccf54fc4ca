import {
  CheckboxField,
  Fieldset,
  Flex,
  Radio,
  RadioGroupField,
  SelectField,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import { clientRoles } from '@shared/roles';
import {
  DEFAULT_STORAGE_LIMIT_GB,
  MAX_STORAGE_LIMIT_GB,
  packageInputSchema,
  packageLimitChoices,
  rolesText,
  type Package,
  type PackageLimit,
} from '@shared/schemas/packages';
import { platformRoutes } from '@shared/api/platform-routes';
import { platformPaths } from '../platform/api';
import { callRoute } from '@web/api/call';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { packageFlags, packageLimits, packageRoles } from './packageText';
import { StatusField } from './StatusField';

type PackageInput = z.input<typeof packageInputSchema>;
type PackageOutput = z.output<typeof packageInputSchema>;

const fieldNames = [
  'name',
  'allowed_user_roles',
  ...packageLimits.map((l) => l.name),
  'storage_limit_gb',
  ...packageFlags.map((f) => f.name),
  'status',
] as const;

/**
 * Add or edit a package (docs/product/admin-and-auth.md §3 Package, §5, §9): name, the roles its accounts' users
 * may have (at least one of the four), venue / spaces / admin limits (Unlimited or 1 to 10,
 * default 1), each account's storage for files (1 to 1000 GB), four Yes/No flags (default Yes), and the status toggle only when editing.
 */
export function PackageForm({
  pkg,
  onSaved,
  onCancel,
}: {
  pkg: Package | null;
  onSaved: (saved: Package) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const form = useForm<PackageInput, unknown, PackageOutput>({
    resolver: zodResolver(packageInputSchema),
    mode: 'onTouched',
    defaultValues: {
      name: pkg?.name ?? '',
      allowed_user_roles: pkg ? packageRoles(pkg) : [],
      venue_limit: pkg?.venue_limit ?? 1,
      spaces_limit: pkg?.spaces_limit ?? 1,
      admin_limit: pkg?.admin_limit ?? 1,
      storage_limit_gb: pkg?.storage_limit_gb ?? DEFAULT_STORAGE_LIMIT_GB,
      third_party_integration: pkg?.third_party_integration ?? 'Yes',
      custom_integration: pkg?.custom_integration ?? 'Yes',
      on_screen_branding: pkg?.on_screen_branding ?? 'Yes',
      booking_approval: pkg?.booking_approval ?? 'Yes',
      status: pkg?.status ?? 'Active',
    },
  });
  const { control, handleSubmit, setError } = form;

  const save = handleSubmit(async ({ status, ...values }) => {
    const body = { ...values, allowed_user_roles: rolesText(values.allowed_user_roles) };
    try {
      const reply = pkg
        ? await callRoute(platformRoutes['update-package'], {
            params: { id: pkg.id },
            body: { ...body, status },
          })
        : await callRoute(platformRoutes['create-package'], { body });
      toast.success(reply.message ?? (pkg ? 'Package updated' : 'Package created'));
      await mutate(platformPaths.packages);
      onSaved(reply.result);
    } catch (error) {
      showServerErrors(error, setError, fieldNames, 'name');
    }
  });

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={save}>
      <TextField label="Name" isRequired maxLength={80} {...fieldProps(form, 'name')} />
      <Controller
        control={control}
        name="allowed_user_roles"
        render={({ field, fieldState }) => {
          const chosen = Array.isArray(field.value) ? field.value : [];
          return (
            <Fieldset legend="Allowed user roles" direction="column" gap="xs">
              {clientRoles.map((role) => (
                <CheckboxField
                  key={role}
                  label={role}
                  name={field.name}
                  value={role}
                  checked={chosen.includes(role)}
                  onBlur={field.onBlur}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked ? [...chosen, role] : chosen.filter((r) => r !== role),
                    )
                  }
                />
              ))}
              {fieldState.error && (
                <Text fontSize="small" color="font.error" role="alert">
                  {fieldState.error.message}
                </Text>
              )}
            </Fieldset>
          );
        }}
      />
      {packageLimits.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <SelectField
              label={label}
              isRequired
              name={field.name}
              value={String(field.value ?? 1)}
              onBlur={field.onBlur}
              onChange={(event) =>
                field.onChange(
                  event.target.value === 'Unlimited'
                    ? 'Unlimited'
                    : (Number(event.target.value) as PackageLimit),
                )
              }
              descriptiveText={name === 'admin_limit' ? 'Active Account Admins per account' : undefined}
              hasError={!!fieldState.error}
              errorMessage={fieldState.error?.message}
            >
              {packageLimitChoices.map((choice) => (
                <option key={choice} value={String(choice)}>
                  {choice}
                </option>
              ))}
            </SelectField>
          )}
        />
      ))}
      <TextField
        label="Storage (GB)"
        type="number"
        isRequired
        min={1}
        max={MAX_STORAGE_LIMIT_GB}
        step={1}
        descriptiveText="Photos, logos and slides of each account"
        {...fieldProps(form, 'storage_limit_gb', { valueAsNumber: true })}
      />
      {packageFlags.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <RadioGroupField
              legend={label}
              name={field.name}
              direction="row"
              value={field.value ?? 'Yes'}
              onChange={(event) => field.onChange(event.target.value)}
              hasError={!!fieldState.error}
              errorMessage={fieldState.error?.message}
            >
              <Radio value="Yes">Yes</Radio>
              <Radio value="No">No</Radio>
            </RadioGroupField>
          )}
        />
      ))}
      {pkg && <StatusField control={control} name="status" />}
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
