import {
  CheckboxField,
  Flex,
  Radio,
  RadioGroupField,
  SelectField,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  RECUR_INTERVAL_MAX,
  RECUR_INTERVAL_MIN,
  recurEndTypes,
  recurTypes,
  weekdayCodes,
  type EventInput,
  type RecurEndType,
  type RecurType,
  type WeekdayCode,
} from '@shared/schemas/event';
import { fieldProps } from '@web/components/form';
import { ordinals, unitOf, weekdayNames } from '../text';
import type { EventFormFields } from './formFields';

type Form = UseFormReturn<EventFormFields, unknown, EventInput>;

const typeLabels: Record<RecurType, string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
};

const endLabels: Record<RecurEndType, string> = {
  ON: 'On a date',
  AFTER: 'After a number of occurrences',
};

/** Weekday codes as JavaScript counts days (Sunday 0). */
const byDay: WeekdayCode[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The start's weekday code and day of the month, read from its wall time. */
function startParts(start: string): { weekday: WeekdayCode; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(start);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return { weekday: byDay[date.getUTCDay()]!, day: date.getUTCDate() };
}

/** `recur_on` of a monthly rule: a day of the month ('15') or an ordinal and a weekday ('2TU'). */
function monthlyParts(recurOn: string, start: string) {
  const nth = /^([1-5])(MO|TU|WE|TH|FR|SA|SU)$/.exec(recurOn.trim());
  const parts = startParts(start);
  if (nth)
    return {
      mode: 'weekday' as const,
      day: parts?.day ?? 1,
      nth: Number(nth[1]),
      weekday: nth[2] as WeekdayCode,
    };
  const day = /^\d+$/.test(recurOn.trim()) ? Number(recurOn) : (parts?.day ?? 1);
  return {
    mode: 'day' as const,
    day,
    nth: Math.min(Math.ceil((parts?.day ?? 1) / 7), 5),
    weekday: parts?.weekday ?? 'MO',
  };
}

/** The ON date a rule starts with: three months after the start. */
function threeMonthsAfter(start: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(start);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1 + 3, Number(match[3])));
  return date.toISOString().slice(0, 10);
}

/**
 * The repeat rule of the event form (docs/product/client-area.md §2 "Event form", §3, §9): every N days, weeks,
 * months or years; the weekdays of a weekly rule (MO..SU); a monthly rule's day of the month or
 * First..Fifth weekday (`recur_on` such as '2TU'); an end ON a date or AFTER a number of
 * occurrences.
 */
export function RecurrenceFields({ form }: { form: Form }) {
  const { control } = form;
  const [type, recurOn, endType, start, interval] = useWatch({
    control,
    name: ['recur_type', 'recur_on', 'recur_end_type', 'start_date', 'recur_interval'],
  });
  const count = Number(interval) > 1 ? Number(interval) : 1;
  const setOn = (value: string) => form.setValue('recur_on', value, { shouldValidate: true });

  return (
    <Flex as="fieldset" direction="column" gap="small" padding="0" margin="0" style={{ border: 'none' }}>
      <Text as="legend" padding="0" marginBottom="xxs" fontWeight="bold">
        Repeat rule
      </Text>
      <Flex gap="small" wrap="wrap" alignItems="flex-start">
        <TextField
          label="Repeat every"
          type="number"
          inputMode="numeric"
          min={RECUR_INTERVAL_MIN}
          max={RECUR_INTERVAL_MAX}
          flex="1"
          descriptiveText={type ? unitOf(type, count) : undefined}
          {...fieldProps(form, 'recur_interval')}
        />
        <Controller
          control={control}
          name="recur_type"
          render={({ field, fieldState }) => (
            <SelectField
              label="Repeats"
              flex="1"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(event) => {
                const next = event.target.value as RecurType;
                field.onChange(next);
                const parts = startParts(form.getValues('start_date'));
                // Weekly starts on the start's weekday, monthly on its day of the month.
                form.setValue(
                  'recur_on',
                  next === 'WEEKLY' && parts
                    ? parts.weekday
                    : next === 'MONTHLY' && parts
                      ? String(parts.day)
                      : '',
                );
              }}
              onBlur={field.onBlur}
              hasError={!!fieldState.error}
              errorMessage={fieldState.error?.message}
            >
              {!field.value && <option value="">Select</option>}
              {recurTypes.map((recurType) => (
                <option key={recurType} value={recurType}>
                  {typeLabels[recurType]}
                </option>
              ))}
            </SelectField>
          )}
        />
      </Flex>
      {type === 'WEEKLY' && <WeekdayChoices form={form} recurOn={recurOn} start={start} />}
      {type === 'MONTHLY' && <MonthlyChoices form={form} recurOn={recurOn} start={start} setOn={setOn} />}
      <Controller
        control={control}
        name="recur_end_type"
        render={({ field, fieldState }) => (
          <RadioGroupField
            legend="Ends"
            name={field.name}
            value={field.value}
            direction="row"
            onChange={(event) => {
              const next = event.target.value as RecurEndType;
              field.onChange(next);
              form.setValue(
                'recur_end',
                next === 'ON' ? threeMonthsAfter(form.getValues('start_date')) : '10',
              );
            }}
            hasError={!!fieldState.error}
            errorMessage={fieldState.error?.message}
          >
            {recurEndTypes.map((endType) => (
              <Radio key={endType} value={endType}>
                {endLabels[endType]}
              </Radio>
            ))}
          </RadioGroupField>
        )}
      />
      {endType === 'ON' && <TextField label="Repeat until" type="date" {...fieldProps(form, 'recur_end')} />}
      {endType === 'AFTER' && (
        <TextField
          label="Number of occurrences"
          type="number"
          inputMode="numeric"
          min={1}
          {...fieldProps(form, 'recur_end')}
        />
      )}
    </Flex>
  );
}

function WeekdayChoices({ form, recurOn, start }: { form: Form; recurOn: string; start: string }) {
  const chosen = new Set(
    recurOn
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  );
  // A weekly rule without weekdays repeats on the start's.
  if (chosen.size === 0) {
    const parts = startParts(start);
    if (parts) chosen.add(parts.weekday);
  }
  const error = form.formState.errors.recur_on?.message;
  const toggle = (code: WeekdayCode, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(code);
    else next.delete(code);
    form.setValue('recur_on', weekdayCodes.filter((day) => next.has(day)).join(','), {
      shouldValidate: true,
    });
  };
  return (
    <Flex as="fieldset" direction="column" gap="xxs" padding="0" margin="0" style={{ border: 'none' }}>
      <Text as="legend" padding="0" marginBottom="xxs">
        Repeat on
      </Text>
      <Flex wrap="wrap" columnGap="medium" rowGap="xxs">
        {weekdayCodes.map((code) => (
          <CheckboxField
            key={code}
            label={weekdayNames[code]}
            name={`recur_on.${code}`}
            value={code}
            checked={chosen.has(code)}
            onChange={(event) => toggle(code, event.target.checked)}
          />
        ))}
      </Flex>
      {error && (
        <Text fontSize="small" color="font.error">
          {error}
        </Text>
      )}
    </Flex>
  );
}

function MonthlyChoices({
  form,
  recurOn,
  start,
  setOn,
}: {
  form: Form;
  recurOn: string;
  start: string;
  setOn: (value: string) => void;
}) {
  const parts = monthlyParts(recurOn, start);
  const error = form.formState.errors.recur_on?.message;
  return (
    <Flex direction="column" gap="small">
      <RadioGroupField
        legend="Repeat on"
        name="monthly-mode"
        value={parts.mode}
        direction="row"
        onChange={(event) =>
          setOn(event.target.value === 'day' ? String(parts.day) : `${parts.nth}${parts.weekday}`)
        }
      >
        <Radio value="day">A day of the month</Radio>
        <Radio value="weekday">A weekday of the month</Radio>
      </RadioGroupField>
      {parts.mode === 'day' ? (
        <SelectField
          label="Day of the month"
          value={String(parts.day)}
          onChange={(event) => setOn(event.target.value)}
          hasError={!!error}
          errorMessage={error}
        >
          {Array.from({ length: 31 }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>
              {i + 1}
            </option>
          ))}
        </SelectField>
      ) : (
        <Flex gap="small" wrap="wrap" alignItems="flex-start">
          <SelectField
            label="Week of the month"
            flex="1"
            value={String(parts.nth)}
            onChange={(event) => setOn(`${event.target.value}${parts.weekday}`)}
            hasError={!!error}
            errorMessage={error}
          >
            {ordinals.map((ordinal, i) => (
              <option key={ordinal} value={String(i + 1)}>
                {ordinal}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Weekday"
            flex="1"
            value={parts.weekday}
            onChange={(event) => setOn(`${parts.nth}${event.target.value}`)}
          >
            {weekdayCodes.map((code) => (
              <option key={code} value={code}>
                {weekdayNames[code]}
              </option>
            ))}
          </SelectField>
        </Flex>
      )}
    </Flex>
  );
}
