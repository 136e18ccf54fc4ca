import {
  Flex,
  RadioGroupField,
  Radio,
  SwitchField,
  Text,
  TextAreaField,
  TextField,
} from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig, type Cache } from 'swr';
import { availabilityErrors } from '@shared/availability';
import type { BookingOccurrence } from '@shared/schemas/bookings';
import { applicableScopes, eventSchema, type EventInput } from '@shared/schemas/event';
import type { Space } from '@shared/schemas/venues';
import {
  bookingPaths,
  createBooking,
  revalidateBookings,
  updateBooking,
  useMySpaces,
  useMyVenues,
  useScopes,
} from '../api';
import { fieldProps, FormActions, showServerErrors } from '@web/components/form';
import { ControlledSelect } from '../../venues/panels/fields';
import { DateTimeField } from './DateTimeField';
import type { EventFormFields } from './formFields';
import { InviteeRows } from './InviteeRows';
import { RecurrenceFields } from './RecurrenceFields';
import { scopeLabels } from '../text';
import { minutesBetween, shiftWallTime } from '../wallTime';

/** The fields a server's 422 may name (invitee rows add `invites_list.N.email` and `.name`). */
const fields: Path<EventFormFields>[] = [
  'venue',
  'space',
  'title',
  'description',
  'start_date',
  'end_date',
  'recurring',
  'recur_interval',
  'recur_type',
  'recur_on',
  'recur_end_type',
  'recur_end',
  'invites_list',
  'applicable',
  'occurrence_start',
];

const blankInvitee = { email: '', name: '' };

/** What a new event starts with. */
export interface NewEvent {
  venue: string | null;
  space: string | null;
  start: string;
  end: string;
}

function defaultsOf(
  event: NewEvent | null,
  occurrence: BookingOccurrence | null,
  moved?: { start: string; end: string },
) {
  if (occurrence) {
    return {
      venue: occurrence.venue.id,
      space: occurrence.space.id,
      title: occurrence.title,
      description: occurrence.description ?? '',
      start_date: moved?.start ?? occurrence.start_date,
      end_date: moved?.end ?? occurrence.end_date,
      recurring: occurrence.recurring,
      recur_interval: occurrence.recur_interval == null ? '' : String(occurrence.recur_interval),
      recur_type: occurrence.recur_type ?? '',
      recur_on: occurrence.recur_on ?? '',
      recur_end_type: occurrence.recur_end_type ?? '',
      recur_end: occurrence.recur_end == null ? '' : String(occurrence.recur_end),
      invites_list: occurrence.invites_list.length
        ? occurrence.invites_list.map((invite) => ({ email: invite.email, name: invite.name ?? '' }))
        : [blankInvitee],
      // A series changes one occurrence unless told otherwise; a single event is always the whole.
      applicable: occurrence.recurring === 'Yes' ? 'THIS' : 'ALL',
      occurrence_start: occurrence.occurrence_start,
    } satisfies EventFormFields;
  }
  return {
    venue: event?.venue ?? '',
    space: event?.space ?? '',
    title: '',
    description: '',
    start_date: event?.start ?? '',
    end_date: event?.end ?? '',
    recurring: 'No',
    recur_interval: '',
    recur_type: '',
    recur_on: '',
    recur_end_type: '',
    recur_end: '',
    invites_list: [blankInvitee],
    applicable: '',
    occurrence_start: '',
  } satisfies EventFormFields;
}

const schemaResolver = zodResolver(eventSchema) as unknown as Resolver<EventFormFields, unknown, EventInput>;

/**
 * The shared schema's rules, and the chosen space's hours ('Space is available between 08:00 -
 * 18:00', docs/product/client-area.md §5) as the API checks them, from the venue's spaces once they are in swr's
 * cache (the form asks for them).
 */
function resolverFor(cache: Cache): Resolver<EventFormFields, unknown, EventInput> {
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const spaces = values.venue
      ? (cache.get(bookingPaths.mySpaces(values.venue))?.data as readonly Space[] | undefined)
      : undefined;
    const space = spaces?.find((candidate) => candidate.id === values.space);
    if (!space) return result;
    const outside = availabilityErrors(values, space);
    const extra = Object.entries(outside).filter(([field]) => !result.errors[field as keyof EventFormFields]);
    if (extra.length === 0) return result;
    const errors: FieldErrors<EventFormFields> = { ...result.errors };
    for (const [field, message] of extra)
      errors[field as 'start_date' | 'end_date'] = { type: 'availability', message };
    return { values: {}, errors };
  };
}

/**
 * Add or edit an event (docs/product/client-area.md §2 "Event form", §5): venue and space (those the person may
 * book), title, description, start and end (a date and a half-hour time), a repeat rule, invitees
 * and, for an occurrence of a series, 'Apply update on' THIS, FOLLOWING or ALL. The shared schema
 * and the space's hours check it as the API does; the API's answers (a clash, a field) show under
 * the fields. Saving says 'Success' and revalidates the calendar.
 */
export function EventForm({
  event = null,
  occurrence = null,
  moved,
  onSaved,
  onCancel,
}: {
  /** A new event's venue, space and times. */
  event?: NewEvent | null;
  /** The occurrence being edited. */
  occurrence?: BookingOccurrence | null;
  /** New times from a drag or resize. */
  moved?: { start: string; end: string };
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { mutate, cache } = useSWRConfig();
  const { data: venues } = useMyVenues();
  const resolver = useMemo(() => resolverFor(cache), [cache]);
  const form = useForm<EventFormFields, unknown, EventInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: defaultsOf(event, occurrence, moved),
  });
  const venueId = useWatch({ control: form.control, name: 'venue' });
  const recurring = useWatch({ control: form.control, name: 'recurring' });
  const applicable = useWatch({ control: form.control, name: 'applicable' });
  // The space's hours, for the resolver.
  useMySpaces(venueId || null);
  const venue = venues?.find((candidate) => candidate.id === venueId);
  const isSeries = occurrence?.recurring === 'Yes';
  // The scopes the API takes from this caller: where every occurrence covered is theirs to book.
  const scopes = useScopes(occurrence);
  const label = occurrence ? 'Edit event' : 'Add new event';

  const save = form.handleSubmit(async (values) => {
    try {
      const reply = occurrence ? await updateBooking(occurrence.id, values) : await createBooking(values);
      toast.success(reply.message ?? 'Success');
      await revalidateBookings(mutate);
      onSaved();
    } catch (error) {
      // Toasted by the fetch client; field errors go under their fields, a clash under the start.
      const rows = form
        .getValues('invites_list')
        .flatMap((_, i) => [`invites_list.${i}.email` as const, `invites_list.${i}.name` as const]);
      showServerErrors(error, form.setError, [...fields, ...rows], 'start_date');
    }
  });

  /** A new start keeps the event's length. */
  const startChanged = (next: string, previous: string) => {
    const end = form.getValues('end_date');
    const length = minutesBetween(previous, end);
    const shifted = length !== null && length > 0 ? shiftWallTime(next, length) : null;
    if (shifted) form.setValue('end_date', shifted, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <Flex as="form" direction="column" gap="medium" noValidate onSubmit={save} aria-label={label}>
      <ControlledSelect
        control={form.control}
        name="venue"
        label="Venue"
        isRequired
        onChosen={() => form.setValue('space', '')}
      >
        <option value="">{venues ? 'Select venue' : 'Loading venues…'}</option>
        {(venues ?? []).map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </ControlledSelect>
      <ControlledSelect control={form.control} name="space" label="Space" isRequired isDisabled={!venueId}>
        <option value="">Select space</option>
        {(venue?.spaces ?? []).map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.title}
          </option>
        ))}
        {occurrence &&
          occurrence.venue.id === venueId &&
          !venue?.spaces.some((s) => s.id === occurrence.space.id) && (
            <option value={occurrence.space.id}>{occurrence.space.title}</option>
          )}
      </ControlledSelect>
      <TextField label="Title" isRequired maxLength={255} {...fieldProps(form, 'title')} />
      <TextAreaField label="Description" rows={3} maxLength={5000} {...fieldProps(form, 'description')} />
      <DateTimeField control={form.control} name="start_date" label="Start" onChanged={startChanged} />
      <DateTimeField control={form.control} name="end_date" label="End" />
      {venue && (
        <Text fontSize="small" color="font.secondary" marginTop="-0.5rem">
          Times in {venue.timezone}
        </Text>
      )}
      {isSeries && (
        <Controller
          control={form.control}
          name="applicable"
          render={({ field }) => (
            <RadioGroupField
              legend="Apply update on"
              name={field.name}
              value={field.value}
              onChange={(change) => field.onChange(change.target.value)}
            >
              {applicableScopes
                .filter((scope) => (scopes ?? ['THIS']).includes(scope))
                .map((scope) => (
                  <Radio key={scope} value={scope}>
                    {scopeLabels[scope]}
                  </Radio>
                ))}
            </RadioGroupField>
          )}
        />
      )}
      {applicable === 'THIS' ? (
        <Text fontSize="small" color="font.secondary">
          Only this occurrence changes; the series keeps its repeat rule.
        </Text>
      ) : (
        <>
          <Controller
            control={form.control}
            name="recurring"
            render={({ field }) => (
              <SwitchField
                label="Recurring"
                labelPosition="end"
                name={field.name}
                isChecked={field.value === 'Yes'}
                onChange={(change) => {
                  field.onChange(change.target.checked ? 'Yes' : 'No');
                  if (change.target.checked && !form.getValues('recur_type')) {
                    form.setValue('recur_interval', '1');
                    form.setValue('recur_type', 'WEEKLY');
                    form.setValue('recur_end_type', 'AFTER');
                    form.setValue('recur_end', '10');
                  }
                }}
                trackCheckedColor="green.60"
              />
            )}
          />
          {recurring === 'Yes' && <RecurrenceFields form={form} />}
        </>
      )}
      <InviteeRows form={form} />
      <FormActions form={form} onCancel={onCancel}>
        Save
      </FormActions>
    </Flex>
  );
}
