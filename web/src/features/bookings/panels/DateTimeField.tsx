import { Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { Controller, type Control } from 'react-hook-form';
import { TIME_CHOICES } from '@shared/time-of-day';
import type { EventInput } from '@shared/schemas/event';
import type { EventFormFields } from './formFields';

/** `YYYY-MM-DD HH:mm:ss` as its date and its time `HH:mm`. */
function split(wallTime: string): { day: string; time: string } {
  const [day = '', time = ''] = wallTime.split(' ');
  return { day, time: time.slice(0, 5) };
}

/** The wall time of a date and a time; blank until the date is set. */
const join = (day: string, time: string) => (day ? `${day} ${time || '00:00'}:00` : '');

/**
 * A start or end of the event form: a date and a time of the half-hour choices (docs/product/client-area.md §5,
 * §9), held as one wall time. A time that is not a choice (set elsewhere) is offered as it is.
 * The field's error shows under the date.
 */
export function DateTimeField({
  control,
  name,
  label,
  onChanged,
}: {
  control: Control<EventFormFields, unknown, EventInput>;
  name: 'start_date' | 'end_date';
  label: 'Start' | 'End';
  /** Called after the field takes a new value, with the one it had. */
  onChanged?: (next: string, previous: string) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const { day, time } = split(field.value);
        const change = (next: string) => {
          const previous = field.value;
          field.onChange(next);
          if (next && next !== previous) onChanged?.(next, previous);
        };
        const choices = time && !TIME_CHOICES.includes(time) ? [time, ...TIME_CHOICES].sort() : TIME_CHOICES;
        return (
          <Flex gap="small" alignItems="flex-start" wrap="wrap">
            <TextField
              label={`${label} date`}
              type="date"
              isRequired
              flex="1"
              name={field.name}
              ref={field.ref}
              value={day}
              onChange={(event) => change(join(event.target.value, time))}
              onBlur={field.onBlur}
              hasError={!!fieldState.error}
              errorMessage={fieldState.error?.message}
            />
            <SelectField
              label={`${label} time`}
              flex="1"
              value={time}
              onChange={(event) => change(join(day, event.target.value))}
              onBlur={field.onBlur}
              hasError={!!fieldState.error}
            >
              {!time && <option value="">Select time</option>}
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </SelectField>
          </Flex>
        );
      }}
    />
  );
}
