import {
  CheckboxField,
  Fieldset,
  Flex,
  SelectField,
  Text,
  TextAreaField,
  TextField,
} from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import { bannerInputSchema, bannerPositions, type Banner } from '@shared/schemas/banners';
import type { Package } from '@shared/schemas/packages';
import { platformRoutes } from '@shared/api/platform-routes';
import { platformPaths } from '../platform/api';
import { callRoute } from '@web/api/call';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { bannerPackageIds, positionLabels } from './bannerText';
import { StatusField } from './StatusField';

type BannerInput = z.input<typeof bannerInputSchema>;
type BannerOutput = z.output<typeof bannerInputSchema>;

const fieldNames = [
  'title',
  'message',
  'expiration_date',
  'on_login_page',
  'for_packages',
  'hideable',
  'position',
  'status',
] as const;

/**
 * Add or edit a banner announcement (docs/product/admin-and-auth.md §3, §5, §9): title (≤ 255), message,
 * expiration date, whether it shows on the login pages, the packages whose accounts see it (none:
 * every package), whether people may hide it, its position, and the status only when editing.
 */
export function BannerForm({
  banner,
  packages,
  onSaved,
  onCancel,
}: {
  banner: Banner | null;
  packages: readonly Package[];
  onSaved: (saved: Banner) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const form = useForm<BannerInput, unknown, BannerOutput>({
    resolver: zodResolver(bannerInputSchema),
    mode: 'onTouched',
    defaultValues: {
      title: banner?.title ?? '',
      message: banner?.message ?? '',
      expiration_date: banner?.expiration_date ?? '',
      on_login_page: banner?.on_login_page ?? false,
      for_packages: banner ? bannerPackageIds(banner) : [],
      hideable: banner?.hideable ?? true,
      position: banner?.position ?? 'top-center',
      status: banner?.status ?? 'Active',
    },
  });
  const { control, handleSubmit, setError } = form;

  const save = handleSubmit(async ({ status, ...values }) => {
    const body = {
      ...values,
      on_login_page: values.on_login_page ?? false,
      for_packages: (values.for_packages ?? []).join(','),
    };
    try {
      const reply = banner
        ? await callRoute(platformRoutes['update-banner'], {
            params: { id: banner.id },
            body: { ...body, status },
          })
        : await callRoute(platformRoutes['create-banner'], { body });
      toast.success(reply.message ?? (banner ? 'Banner updated' : 'Banner created'));
      await mutate(platformPaths.banners);
      onSaved(reply.result);
    } catch (error) {
      showServerErrors(error, setError, fieldNames);
    }
  });

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={save}>
      <TextField label="Title" isRequired maxLength={255} {...fieldProps(form, 'title')} />
      <TextAreaField label="Message" isRequired rows={4} maxLength={2000} {...fieldProps(form, 'message')} />
      <TextField label="Expiration date" type="date" isRequired {...fieldProps(form, 'expiration_date')} />
      <Controller
        control={control}
        name="on_login_page"
        render={({ field }) => (
          <CheckboxField
            label="Show on the login pages"
            name={field.name}
            value="yes"
            checked={field.value ?? false}
            onChange={(event) => field.onChange(event.target.checked)}
          />
        )}
      />
      <Controller
        control={control}
        name="for_packages"
        render={({ field, fieldState }) => {
          const chosen = Array.isArray(field.value) ? field.value : [];
          return (
            <Fieldset legend="Packages" direction="column" gap="xs">
              <Text fontSize="small" color="font.secondary">
                The accounts of these packages see it in their area; none chosen: every package.
              </Text>
              {packages.length === 0 && <Text fontSize="small">No packages yet.</Text>}
              {packages.map((pkg) => (
                <CheckboxField
                  key={pkg.id}
                  label={pkg.status === 'Active' ? pkg.name : `${pkg.name} (inactive)`}
                  name={field.name}
                  value={pkg.id}
                  checked={chosen.includes(pkg.id)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked ? [...chosen, pkg.id] : chosen.filter((id) => id !== pkg.id),
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
      <Controller
        control={control}
        name="hideable"
        render={({ field }) => (
          <CheckboxField
            label="Hideable: people may dismiss it"
            name={field.name}
            value="yes"
            checked={field.value ?? true}
            onChange={(event) => field.onChange(event.target.checked)}
          />
        )}
      />
      <SelectField label="Position" isRequired {...fieldProps(form, 'position')}>
        {bannerPositions.map((position) => (
          <option key={position} value={position}>
            {positionLabels[position]}
          </option>
        ))}
      </SelectField>
      {banner && <StatusField control={control} name="status" />}
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
