import { Flex, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { requiredId } from '@shared/schemas/common';
import {
  newSpaceSchema,
  updateSpaceSchema,
  type Space,
  type UpdateSpaceInput,
  type UpdateSpaceOutput,
  type Venue,
} from '@shared/schemas/venues';
import { TIME_CHOICES } from '@shared/time-of-day';
import { DEFAULT_CALENDAR_COLOR } from '@shared/venues';
import { spacesRoutes } from '@shared/api/spaces-routes';
import { callRoute } from '@web/api/call';
import { revalidateAfter, useAmenities, useSpaceTypes } from '../api';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { PhotoPicker, uploadPhoto, type PendingPhoto } from '@web/components/photo/PhotoPicker';
import { StatusField } from '../../configuration/StatusField';
import { useCalendarIntegration } from '../access';
import { asNumber, CheckboxGroup, ColourPalette, ControlledSelect } from './fields';
import { CalendarSyncFields, calendarSyncChange, calendarSyncDefaults } from '../../calendars/SpaceCalendar';

/** A new space names its venue in the form (docs/product/client-area.md §5 "venue required"); the API takes it in the path. */
const newSpaceFormSchema = newSpaceSchema.safeExtend({ venue_id: requiredId });

type SpaceInput = UpdateSpaceInput;
type SpaceOutput = UpdateSpaceOutput;

const fields: Path<SpaceInput>[] = [
  'venue_id',
  'title',
  'location',
  'capacity',
  'dimensions',
  'handicap_accessible',
  'amenities',
  'space_type',
  'notes',
  'availiblity_start',
  'availiblity_end',
  'check_in_window',
  'before_event',
  'after_event',
  'calendar_sync',
  'calendar_account_id',
  'calendar_id',
  'photo_uri',
  'calendar_color',
  'status',
];

/** The minutes of event check-in (docs/product/client-area.md §9: 1 to 30). */
const checkInFields = [
  { name: 'before_event', label: 'Minutes before' },
  { name: 'after_event', label: 'Minutes after' },
] as const;

const idsOf = (list: string) => list.split(',').filter(Boolean);

/**
 * Add or edit a space (docs/product/client-area.md §2 "Space form", §5): its venue (fixed once saved), title,
 * location, capacity, dimensions, accessibility, amenities and space types (active ones), notes,
 * availability in half hours, event check-in with minutes before and after (1–30), the sync with a
 * calendar of the venue's linked accounts (when the package includes it), a photo, the calendar
 * colour (dark green unless chosen) and, once saved, its status. Saving revalidates the lists and
 * the header's totals.
 */
export function SpaceForm({
  space,
  venues,
  onSaved,
  onCancel,
}: {
  space: Space | null;
  /** The venues a new space may go in (active, where the person acts). */
  venues: readonly Venue[] | undefined;
  onSaved: (saved: Space) => void;
  onCancel: () => void;
}) {
  const { mutate } = useSWRConfig();
  const { data: amenities } = useAmenities();
  const { data: spaceTypes } = useSpaceTypes();
  const [photo, setPhoto] = useState<PendingPhoto | null>(null);
  const calendars = useCalendarIntegration();
  const schema = space ? updateSpaceSchema : newSpaceFormSchema;
  const form = useForm<SpaceInput, unknown, SpaceOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<SpaceInput, unknown, SpaceOutput>,
    mode: 'onTouched',
    defaultValues: {
      venue_id: space?.venue_id ?? (venues?.length === 1 ? venues[0]!.id : ''),
      title: space?.title ?? '',
      location: space?.location ?? '',
      capacity: space?.capacity ?? undefined,
      dimensions: space?.dimensions ?? '',
      handicap_accessible: space?.handicap_accessible ?? 'No',
      amenities: space ? idsOf(space.amenities) : [],
      space_type: space ? idsOf(space.space_type) : [],
      notes: space?.notes ?? '',
      availiblity_start: space?.availiblity_start ?? '',
      availiblity_end: space?.availiblity_end ?? '',
      check_in_window: space?.check_in_window ?? 'No',
      before_event: space?.before_event ?? undefined,
      after_event: space?.after_event ?? undefined,
      // The photo saved stays unless another is chosen (a PUT without one clears it).
      photo_uri: space?.photo ?? '',
      calendar_color: space?.calendar_color ?? DEFAULT_CALENDAR_COLOR,
      ...calendarSyncDefaults(space),
      ...(space ? { status: space.status } : {}),
    },
  });
  const checkIn = useWatch({ control: form.control, name: 'check_in_window' });
  const title = useWatch({ control: form.control, name: 'title' });
  const venueId = useWatch({ control: form.control, name: 'venue_id' });

  const save = form.handleSubmit(async (values) => {
    try {
      const photo_uri = photo ? await uploadPhoto('client', photo, 'space-photo') : values.photo_uri;
      const { venue_id, calendar_sync, calendar_account_id, calendar_id, ...fieldsOfSpace } = values;
      const body = {
        ...fieldsOfSpace,
        ...(calendars ? calendarSyncChange({ calendar_sync, calendar_account_id, calendar_id }, space) : {}),
        // Comma-separated ids on the wire (docs/product/client-area.md §3).
        amenities: values.amenities.join(','),
        space_type: values.space_type.join(','),
        photo_uri,
        // Minutes count only with check-in.
        ...(values.check_in_window === 'Yes' ? {} : { before_event: undefined, after_event: undefined }),
      };
      const reply = space
        ? await callRoute(spacesRoutes['update-space'], { params: { id: space.id }, body })
        : await callRoute(spacesRoutes['create-space'], { params: { venueId: venue_id! }, body });
      toast.success(reply.message ?? (space ? 'Space updated' : 'Space created'));
      await revalidateAfter(mutate, 'space');
      onSaved(reply.result);
    } catch (error) {
      // Toasted by the fetch client; field errors go under their fields.
      showServerErrors(error, form.setError, fields, 'title');
    }
  });

  const timeOptions = (
    <>
      <option value="">Not set</option>
      {TIME_CHOICES.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </>
  );

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      noValidate
      onSubmit={save}
      aria-label={space ? 'Edit Space' : 'Add new space'}
    >
      {space ? (
        <TextField label="Venue" value={space.venue_name} isReadOnly descriptiveText="Fixed once saved." />
      ) : (
        <ControlledSelect
          control={form.control}
          name="venue_id"
          label="Venue"
          isRequired
          placeholder={venues ? 'Choose a venue' : 'Loading venues…'}
          // Another venue has other calendars.
          onChosen={() => {
            form.setValue('calendar_account_id', '');
            form.setValue('calendar_id', '');
          }}
        >
          {(venues ?? []).map((venue) => (
            <option key={venue.id} value={venue.id}>
              {venue.name}
            </option>
          ))}
        </ControlledSelect>
      )}
      <TextField label="Title" isRequired maxLength={100} {...fieldProps(form, 'title')} />
      <TextField label="Location" maxLength={100} {...fieldProps(form, 'location')} />
      <Flex gap="small" wrap="wrap">
        <TextField
          label="Capacity"
          type="number"
          inputMode="numeric"
          min={1}
          flex="1"
          {...fieldProps(form, 'capacity', asNumber)}
        />
        <TextField label="Dimensions" maxLength={50} flex="1" {...fieldProps(form, 'dimensions')} />
      </Flex>
      <ControlledSelect control={form.control} name="handicap_accessible" label="Handicap accessible">
        <option value="Yes">Yes</option>
        <option value="No">No</option>
      </ControlledSelect>
      <CheckboxGroup control={form.control} name="amenities" legend="Amenities" items={amenities} />
      <CheckboxGroup control={form.control} name="space_type" legend="Space types" items={spaceTypes} />
      <TextAreaField label="Notes" maxLength={2000} rows={3} {...fieldProps(form, 'notes')} />
      <Flex gap="small" wrap="wrap">
        <ControlledSelect control={form.control} name="availiblity_start" label="Availability start">
          {timeOptions}
        </ControlledSelect>
        <ControlledSelect control={form.control} name="availiblity_end" label="Availability end">
          {timeOptions}
        </ControlledSelect>
      </Flex>
      <Controller
        control={form.control}
        name="check_in_window"
        render={({ field }) => (
          <SwitchField
            label="Event check-in"
            labelPosition="end"
            name={field.name}
            isChecked={field.value === 'Yes'}
            onChange={(event) => field.onChange(event.target.checked ? 'Yes' : 'No')}
            trackCheckedColor="green.60"
          />
        )}
      />
      {checkIn === 'Yes' && (
        <Flex gap="small" wrap="wrap">
          {checkInFields.map(({ name, label }) => (
            <TextField
              key={name}
              label={label}
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              isRequired
              flex="1"
              descriptiveText="1 to 30"
              {...fieldProps(form, name, asNumber)}
            />
          ))}
        </Flex>
      )}
      {calendars && <CalendarSyncFields form={form} venueId={venueId ?? ''} space={space} />}
      <PhotoPicker
        label="Space photo"
        currentUrl={space?.photo_url ?? null}
        fallback={(title || 'S').charAt(0).toUpperCase()}
        onChange={setPhoto}
      />
      <ColourPalette control={form.control} name="calendar_color" />
      {space && <StatusField control={form.control} name="status" />}
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
