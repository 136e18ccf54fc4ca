import { Button, Flex, Heading, Loader, SelectField, SwitchField, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import { Controller, useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { calendarMessages, calendarProviderNames } from '@shared/calendars';
import type { AvailableCalendar } from '@shared/schemas/calendars';
import type { Space } from '@shared/schemas/venues';
import { refused, unlinkSpaceCalendar, useAvailableCalendars } from './api';
import { revalidateAfter } from '../venues/api';
import { DetailRow } from '@web/components/DetailRow';
import { may, useAccess, useCalendarIntegration } from '../venues/access';
import type {
  UpdateSpaceInput as SpaceInput,
  UpdateSpaceOutput as SpaceOutput,
} from '@shared/schemas/venues';

/**
 * A space's sync with a calendar of its venue's linked accounts (docs/product/client-area.md §2 "Space form", §4
 * "Space calendar sync"): the form's toggle and picker, the details' section with Unlink. Only
 * when the package includes third-party integration.
 */

/** An account's line in the picker and the details: 'Google · ada@example.com'. */
const accountLabel = (calendar: Pick<AvailableCalendar, 'provider' | 'email'>) =>
  `${calendarProviderNames[calendar.provider]} · ${calendar.email}`;

/** The picker's value of a calendar: its account's id (a ULID, no '|') and its own id. */
const choiceOf = (accountId: string, calendarId: string) => `${accountId}|${calendarId}`;

/** The venue's calendars by account, in the order the API gives them. */
function byAccount(calendars: readonly AvailableCalendar[]) {
  const groups = new Map<string, { label: string; calendars: AvailableCalendar[] }>();
  for (const calendar of calendars) {
    const group = groups.get(calendar.calendar_account_id);
    if (group) group.calendars.push(calendar);
    else groups.set(calendar.calendar_account_id, { label: accountLabel(calendar), calendars: [calendar] });
  }
  return [...groups.entries()];
}

type CalendarFields = Pick<SpaceOutput, 'calendar_sync' | 'calendar_account_id' | 'calendar_id'>;

/**
 * What a save says of the sync: only a change, since the API leaves it as it is when it is
 * absent. Yes with another calendar links that one; No unlinks a linked space.
 */
export function calendarSyncChange(values: CalendarFields, space: Space | null): Partial<CalendarFields> {
  const linked = !!space?.calendar_account_id;
  if (values.calendar_sync === 'Yes') {
    const same =
      linked &&
      values.calendar_account_id === space.calendar_account_id &&
      values.calendar_id === space.calendar_id;
    return same
      ? {}
      : {
          calendar_sync: 'Yes',
          calendar_account_id: values.calendar_account_id,
          calendar_id: values.calendar_id,
        };
  }
  return linked ? { calendar_sync: 'No' } : {};
}

/** The form's defaults of the sync: Yes with its calendar when the space syncs. */
export const calendarSyncDefaults = (space: Space | null) => ({
  calendar_sync: space?.calendar_account_id ? ('Yes' as const) : ('No' as const),
  calendar_account_id: space?.calendar_account_id ?? '',
  calendar_id: space?.calendar_id ?? '',
});

/**
 * 'Sync third-party calendar' (Yes/No) and, on Yes, the calendars of the venue's linked accounts,
 * grouped by account; without any, what to do first.
 */
export function CalendarSyncFields({
  form,
  venueId,
  space,
}: {
  form: UseFormReturn<SpaceInput, unknown, SpaceOutput>;
  /** The space's venue ('' while a new space has none). */
  venueId: string;
  space: Space | null;
}) {
  const { control } = form;
  const sync = useWatch({ control, name: 'calendar_sync' });
  const accountId = useWatch({ control, name: 'calendar_account_id' });
  const calendarId = useWatch({ control, name: 'calendar_id' });
  const { errors } = useFormState({ control, name: ['calendar_account_id', 'calendar_id'] });
  const error = errors.calendar_id?.message ?? errors.calendar_account_id?.message;
  const { data: available, error: loadError } = useAvailableCalendars(
    sync === 'Yes' && venueId ? venueId : null,
  );

  const choose = (value: string) => {
    const cut = value.indexOf('|');
    const options = { shouldDirty: true, shouldValidate: true };
    form.setValue('calendar_account_id', cut < 0 ? '' : value.slice(0, cut), options);
    form.setValue('calendar_id', cut < 0 ? '' : value.slice(cut + 1), options);
  };

  const chosen = accountId && calendarId ? choiceOf(accountId, calendarId) : '';
  // The calendar synced now, when the venue's list no longer has it, stays until changed.
  const current =
    space?.calendar_account_id &&
    space.calendar_id &&
    chosen === choiceOf(space.calendar_account_id, space.calendar_id) &&
    !available?.some((c) => choiceOf(c.calendar_account_id, c.calendar_id) === chosen)
      ? { value: chosen, title: space.calendar_title ?? space.calendar_id }
      : null;

  const note = (text: string) => (
    <Flex direction="column" gap="xxs">
      <Text color="font.secondary">{text}</Text>
      {error && (
        <Text fontSize="small" color="font.error">
          {error}
        </Text>
      )}
    </Flex>
  );

  let picker = null;
  if (sync === 'Yes') {
    if (!venueId) picker = note('Choose the venue first.');
    else if (!available)
      picker = !loadError ? (
        <Loader ariaLabel="Loading calendars" />
      ) : refused(loadError) ? (
        note("The venue's calendars are not available to you.")
      ) : (
        note('The calendars could not be loaded.')
      );
    else if (available.length === 0 && !current)
      picker = note('Link a Google or Microsoft account on the venue first.');
    else
      picker = (
        <SelectField
          label="Calendar"
          isRequired
          placeholder="Choose a calendar"
          value={chosen}
          onChange={(event) => choose(event.target.value)}
          hasError={!!error}
          errorMessage={error}
          descriptiveText="New bookings of the space go to it; events made in it show in the space's calendar."
        >
          {current && <option value={current.value}>{current.title} (synced now)</option>}
          {byAccount(available).map(([id, group]) => (
            <optgroup key={id} label={group.label}>
              {group.calendars.map((calendar) => (
                <option key={calendar.calendar_id} value={choiceOf(id, calendar.calendar_id)}>
                  {calendar.calendar_title}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
      );
  }

  return (
    <Flex direction="column" gap="small">
      <Controller
        control={control}
        name="calendar_sync"
        render={({ field }) => (
          <SwitchField
            label="Sync third-party calendar"
            labelPosition="end"
            name={field.name}
            isChecked={field.value === 'Yes'}
            onChange={(event) => field.onChange(event.target.checked ? 'Yes' : 'No')}
            trackCheckedColor="green.60"
          />
        )}
      />
      {picker}
    </Flex>
  );
}

/**
 * The details' section: the calendar the space syncs with, its provider and account (known to
 * whoever may edit the space, who may read the venue's calendars), and Unlink for them.
 */
export function SpaceCalendar({ space, onUnlinked }: { space: Space; onUnlinked: (space: Space) => void }) {
  const access = useAccess();
  const integration = useCalendarIntegration();
  if (!access || !integration) return null;
  return <SyncSection space={space} canUnlink={may.editSpace(access, space)} onUnlinked={onUnlinked} />;
}

function SyncSection({
  space,
  canUnlink,
  onUnlinked,
}: {
  space: Space;
  canUnlink: boolean;
  onUnlinked: (space: Space) => void;
}) {
  const headingId = useId();
  const { mutate } = useSWRConfig();
  const linked = !!space.calendar_account_id;
  const { data: available } = useAvailableCalendars(linked && canUnlink ? space.venue_id : null);
  const account = available?.find((calendar) => calendar.calendar_account_id === space.calendar_account_id);
  const [unlinking, setUnlinking] = useState(false);

  const unlink = async () => {
    setUnlinking(true);
    try {
      const reply = await unlinkSpaceCalendar(space.id);
      toast.success(reply.message ?? calendarMessages.unlinked);
      await revalidateAfter(mutate, 'space');
      onUnlinked(reply.result);
    } catch {
      // Toasted by the fetch client.
    } finally {
      setUnlinking(false);
    }
  };

  return (
    <Flex as="section" aria-labelledby={headingId} direction="column" gap="small" marginTop="large">
      <Heading level={3} id={headingId}>
        Third-party calendar
      </Heading>
      {linked ? (
        <>
          <Flex as="dl" direction="column" gap="small" margin="0">
            <DetailRow label="Synced calendar">{space.calendar_title ?? space.calendar_id}</DetailRow>
            {account && <DetailRow label="Account">{accountLabel(account)}</DetailRow>}
          </Flex>
          {canUnlink && (
            <Button
              alignSelf="flex-start"
              onClick={() => void unlink()}
              isLoading={unlinking}
              loadingText="Unlinking"
            >
              Unlink
            </Button>
          )}
        </>
      ) : (
        <Text color="font.secondary">Not synced with a third-party calendar.</Text>
      )}
    </Flex>
  );
}
