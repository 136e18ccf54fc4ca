import { Flex, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import { profileChangeSchema } from '@shared/schemas/auth';
import { isClientMe } from '@shared/me';
import type { Me } from '@shared/schemas/me';
import { meRoutes } from '@shared/api/me-routes';
import { callRoute } from '../../api/call';
import { keys } from '../../api/hooks';
import type { Area } from '../../auth/session';
import { fieldProps, FormActions } from '../../components/form';
import { PhotoPicker, uploadPhoto, type PendingPhoto } from '../../components/photo/PhotoPicker';
import { PinField } from './PinField';
import { initials } from './ProfileView';

type ProfileInput = z.input<typeof profileChangeSchema>;
type ProfileOutput = z.output<typeof profileChangeSchema>;

/**
 * Edit own profile: names, phone, cell and photo. Designation and e-mail are read-only, the
 * PIN too (with Refresh; client users only). Blank optional fields are sent blank, which clears
 * them; `photo_uri` is sent only with a new photo (left out, the photo stays).
 */
export function ProfileForm({ me, area, onDone }: { me: Me; area: Area; onDone: () => void }) {
  const { mutate } = useSWRConfig();
  const [photo, setPhoto] = useState<PendingPhoto | null>(null);
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileChangeSchema),
    mode: 'onTouched',
    defaultValues: {
      first_name: me.first_name,
      last_name: me.last_name ?? '',
      phone_no: me.phone_no ?? '',
      cell_no: me.cell_no ?? '',
    },
  });

  const save = form.handleSubmit(async (values) => {
    try {
      const photo_uri = photo ? await uploadPhoto(area, photo) : undefined;
      const reply = await callRoute(
        { client: meRoutes['client-profile-change'], admin: meRoutes['admin-profile-change'] }[area],
        {
          body: {
            first_name: values.first_name,
            last_name: values.last_name ?? '',
            phone_no: values.phone_no ?? '',
            cell_no: values.cell_no ?? '',
            ...(photo_uri ? { photo_uri } : {}),
          },
        },
      );
      await mutate(keys.me(area), reply.result, { revalidate: false });
      toast.success(reply.message ?? 'Profile updated');
      onDone();
    } catch {
      // Toasted by the fetch client; the form stays open.
    }
  });

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={save} aria-label="Edit profile">
      <PhotoPicker currentUrl={me.photo_url} fallback={initials(me)} onChange={setPhoto} />
      <TextField label="First name" maxLength={30} isRequired {...fieldProps(form, 'first_name')} />
      <TextField label="Last name" maxLength={30} {...fieldProps(form, 'last_name')} />
      <TextField label="Designation" value={me.designation ?? ''} isReadOnly />
      <TextField label="E-mail" value={me.email} isReadOnly />
      <TextField label="Phone" type="tel" maxLength={20} {...fieldProps(form, 'phone_no')} />
      <TextField label="Cell" type="tel" maxLength={20} {...fieldProps(form, 'cell_no')} />
      {isClientMe(me) && <PinField me={me} />}
      <FormActions form={form} onCancel={onDone}>
        Save
      </FormActions>
    </Flex>
  );
}
