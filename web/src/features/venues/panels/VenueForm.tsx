import { Flex, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type * as z from 'zod';
import { DEFAULT_TIMEZONE } from '@shared/venues';
import { updateVenueSchema, venueInputSchema, type Venue, type VenueInput } from '@shared/schemas/venues';
import { venuesRoutes } from '@shared/api/venues-routes';
import { callRoute } from '@web/api/call';
import { revalidateAfter, useTimezones, useVenueTypes } from '../api';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { StatusField } from '../../configuration/StatusField';
import { ControlledSelect } from './fields';

type VenueOutput = z.output<typeof venueInputSchema>;

const fields: Path<VenueInput>[] = [
  'name',
  'phone_no',
  'address',
  'city',
  'state',
  'zipcode',
  'country',
  'timezone',
  'venue_type',
  'status',
];

/**
 * Add or edit a venue (docs/product/client-area.md §2 "Venue form", §5): name and time zone required (a new
 * venue starts in America/New_York), an active venue type, and on an existing venue its status.
 * Blank optional fields are cleared. Saving revalidates the lists and the header's totals.
 */
export function VenueForm({
  venue,
  onSaved,
  onCancel,
}: {
  venue: Venue | null;
  onSaved: (saved: Venue) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const { data: zones } = useTimezones();
  const { data: types } = useVenueTypes();
  const form = useForm<VenueInput, unknown, VenueOutput>({
    resolver: zodResolver(venue ? updateVenueSchema : venueInputSchema) as Resolver<
      VenueInput,
      unknown,
      VenueOutput
    >,
    mode: 'onTouched',
    defaultValues: {
      name: venue?.name ?? '',
      phone_no: venue?.phone_no ?? '',
      address: venue?.address ?? '',
      city: venue?.city ?? '',
      state: venue?.state ?? '',
      zipcode: venue?.zipcode ?? '',
      country: venue?.country ?? '',
      timezone: venue?.timezone ?? DEFAULT_TIMEZONE,
      venue_type: venue?.venue_type ?? '',
      ...(venue ? { status: venue.status } : {}),
    },
  });
  const timezone = venue?.timezone ?? DEFAULT_TIMEZONE;
  // The zone saved (or the default) is offered while the list loads, so it shows at once.
  const zoneChoices = zones?.includes(timezone) ? zones : [timezone, ...(zones ?? [])];
  // A type made inactive since stays until it is changed.
  const typeChoices = [
    ...(types ?? []).map((type) => ({ id: type.id, title: type.title })),
    ...(venue?.venue_type && types && !types.some((type) => type.id === venue.venue_type)
      ? [{ id: venue.venue_type, title: 'Current type (inactive)' }]
      : []),
  ];

  const save = form.handleSubmit(async (values) => {
    try {
      const reply = venue
        ? await callRoute(venuesRoutes['update-venue'], { params: { id: venue.id }, body: values })
        : await callRoute(venuesRoutes['create-venue'], { body: values });
      toast.success(reply.message ?? (venue ? 'Venue updated' : 'Venue created'));
      await revalidateAfter(mutate, 'venue');
      onSaved(reply.result);
    } catch (error) {
      // Toasted by the fetch client; field errors go under their fields.
      showServerErrors(error, form.setError, fields, 'name');
    }
  });

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onSubmit={save}
      aria-label={venue ? 'Edit venue' : 'Add new venue'}
    >
      <TextField label="Name" isRequired maxLength={100} {...fieldProps(form, 'name')} />
      <TextField label="Phone" type="tel" maxLength={20} {...fieldProps(form, 'phone_no')} />
      <TextField label="Address" maxLength={100} {...fieldProps(form, 'address')} />
      <TextField label="City" maxLength={50} {...fieldProps(form, 'city')} />
      <TextField label="State" maxLength={50} {...fieldProps(form, 'state')} />
      <TextField label="ZIP/postal code" maxLength={20} {...fieldProps(form, 'zipcode')} />
      <TextField label="Country" maxLength={50} {...fieldProps(form, 'country')} />
      <ControlledSelect control={form.control} name="timezone" label="Time zone" isRequired>
        {zoneChoices.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </ControlledSelect>
      <ControlledSelect control={form.control} name="venue_type" label="Type">
        <option value="">No type</option>
        {typeChoices.map((type) => (
          <option key={type.id} value={type.id}>
            {type.title}
          </option>
        ))}
      </ControlledSelect>
      {venue && <StatusField control={form.control} name="status" />}
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
