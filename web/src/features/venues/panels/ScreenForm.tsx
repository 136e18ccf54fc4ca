import { Flex, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import {
  screenInputSchema,
  type Screen,
  type ScreenInput,
  type Space,
  type Venue,
} from '@shared/schemas/venues';
import { screensRoutes } from '@shared/api/screens-routes';
import { callRoute } from '@web/api/call';
import { revalidateAfter, useLicences } from '../api';
import { DetailRow } from '@web/components/DetailRow';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { PhotoPicker, uploadPhoto, type PendingPhoto } from '@web/components/photo/PhotoPicker';
import { StatusField } from '../../configuration/StatusField';
import { ControlledSelect } from './fields';

type ScreenOutput = z.output<typeof screenInputSchema>;

const fields: Path<ScreenInput>[] = [
  'screen_id_no',
  'venue',
  'space',
  'name',
  'hardware',
  'photo_uri',
  'status',
];

/**
 * Add or edit a screen (docs/product/client-area.md §2 "Screen form", §5): the licences still available out of
 * the active ones, the activation code the device shows, its venue and a space of that venue
 * (choosing a venue selects its first space), name, hardware, photo and status. An active
 * screen takes a licence; the API refuses one when none is left.
 */
export function ScreenForm({
  screen,
  venues,
  spaces,
  onSaved,
  onCancel,
}: {
  screen: Screen | null;
  /** The venues a screen may go in (active, where the person acts). */
  venues: readonly Venue[] | undefined;
  /** Their active spaces. */
  spaces: readonly Space[] | undefined;
  onSaved: (saved: Screen) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const { data: licences } = useLicences();
  const [photo, setPhoto] = useState<PendingPhoto | null>(null);
  const spacesOf = (venueId: string) => (spaces ?? []).filter((space) => space.venue_id === venueId);
  const form = useForm<ScreenInput, unknown, ScreenOutput>({
    resolver: zodResolver(screenInputSchema) as Resolver<ScreenInput, unknown, ScreenOutput>,
    mode: 'onTouched',
    defaultValues: {
      screen_id_no: screen?.screen_id_no ?? '',
      venue: screen?.venue.id ?? '',
      space: screen?.space.id ?? '',
      name: screen?.name ?? '',
      hardware: screen?.hardware ?? '',
      // The photo saved stays unless another is chosen (a PUT without one clears it).
      photo_uri: screen?.photo_uri ?? '',
      status: screen?.status ?? 'Active',
    },
  });
  const venue = useWatch({ control: form.control, name: 'venue' });
  // The screen's own venue and space stay offered even when they are no longer to choose.
  const venueChoices = [
    ...(venues ?? []).map((v) => ({ id: v.id, name: v.name })),
    ...(screen && !venues?.some((v) => v.id === screen.venue.id) ? [screen.venue] : []),
  ];
  const spaceChoices = [
    ...spacesOf(venue).map((s) => ({ id: s.id, title: s.title })),
    ...(screen && venue === screen.venue.id && !spacesOf(venue).some((s) => s.id === screen.space.id)
      ? [screen.space]
      : []),
  ];

  const save = form.handleSubmit(async (values) => {
    try {
      const photo_uri = photo ? await uploadPhoto('client', photo, 'screen-photo') : values.photo_uri;
      const body = { ...values, photo_uri };
      const reply = screen
        ? await callRoute(screensRoutes['update-screen'], { params: { id: screen.id }, body })
        : await callRoute(screensRoutes['create-screen'], { body });
      toast.success(reply.message ?? (screen ? 'Screen updated' : 'Screen created'));
      await revalidateAfter(mutate, 'screen');
      onSaved(reply.result);
    } catch (error) {
      // Toasted by the fetch client ('No screen licence available'); field errors under their fields.
      showServerErrors(error, form.setError, fields, 'screen_id_no');
    }
  });

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onSubmit={save}
      aria-label={screen ? 'Edit screen' : 'Add new screen'}
    >
      <Flex as="dl" margin="0">
        <DetailRow label="Licences available / active">
          {licences ? `${licences.availableActiveLicence} / ${licences.activeLicence}` : '…'}
        </DetailRow>
      </Flex>
      <TextField
        label="Screen ID number"
        isRequired
        maxLength={20}
        autoComplete="off"
        descriptiveText="The activation code the screen displays."
        {...fieldProps(form, 'screen_id_no')}
      />
      <ControlledSelect
        control={form.control}
        name="venue"
        label="Venue"
        isRequired
        placeholder={venues ? 'Choose a venue' : 'Loading venues…'}
        onChosen={(chosen) =>
          // Choosing a venue selects its first space (docs/product/client-area.md §2 "Screen form").
          form.setValue('space', spacesOf(chosen)[0]?.id ?? '', {
            shouldValidate: form.formState.isSubmitted,
          })
        }
      >
        {venueChoices.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </ControlledSelect>
      <ControlledSelect
        control={form.control}
        name="space"
        label="Space"
        isRequired
        placeholder={
          venue
            ? spaceChoices.length
              ? 'Choose a space'
              : 'This venue has no active space'
            : 'Choose a venue first'
        }
      >
        {spaceChoices.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </ControlledSelect>
      <TextField label="Name" maxLength={100} {...fieldProps(form, 'name')} />
      <TextField label="Hardware" maxLength={100} {...fieldProps(form, 'hardware')} />
      <PhotoPicker
        label="Screen photo"
        currentUrl={screen?.photo_url ?? null}
        fallback={screen?.screen_id_no.charAt(0) ?? 'S'}
        onChange={setPhoto}
      />
      <StatusField control={form.control} name="status" />
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
