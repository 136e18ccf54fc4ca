import { TextField } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/schemas/messages';
import { localDay } from '../../activityTime';
import { NETWORK_ERROR } from '../../api/client';

/** The days of an activity log, as the date fields hold them (`YYYY-MM-DD`). */
export interface DateRange {
  from_date: string;
  to_date: string;
}
export type RangeErrors = Partial<Record<keyof DateRange, string>>;

const fields = ['from_date', 'to_date'] as const;

/**
 * Checks a range with the API's own schema and messages, loaded at the first change rather than
 * with the page (zod is the heaviest library of a form). The page always asks for the dates it
 * shows, so a cleared date is required here (the API would read it as its default).
 */
async function checkRange(range: DateRange): Promise<RangeErrors> {
  const [{ activityFilterSchema }, { fieldErrors }] = await Promise.all([
    import('@shared/schemas/activity'),
    import('@shared/schemas/common'),
  ]);
  const parsed = activityFilterSchema.safeParse(range);
  const found = parsed.success ? {} : fieldErrors(parsed.error);
  const errors: RangeErrors = {};
  for (const field of fields) {
    const message = range[field] ? found[field] : messages.required;
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * A date range that starts as the last `days` days up to today, today included (30: today − 29 …
 * today; local days, as the API reads them). `valid` is the last range that passed the checks,
 * the one to ask for and to name in exports; it is null while the fields hold an error.
 */
export function useDateRange(days: number) {
  const [range, setRange] = useState<DateRange>(() => ({
    from_date: localDay(days - 1),
    to_date: localDay(),
  }));
  const [errors, setErrors] = useState<RangeErrors>({});
  const [valid, setValid] = useState<DateRange | null>(range);
  const latest = useRef(0);

  const change = (field: keyof DateRange, value: string) => {
    const next = { ...range, [field]: value };
    setRange(next);
    const check = ++latest.current;
    checkRange(next).then(
      (found) => {
        if (check !== latest.current) return;
        setErrors(found);
        setValid(Object.keys(found).length ? null : next);
      },
      () => {
        if (check !== latest.current) return;
        toast.error(NETWORK_ERROR, { id: NETWORK_ERROR });
        setValid(null);
      },
    );
  };
  return { range, errors, valid, change };
}

/** The From date and To date fields of a range, errors under them. */
export function DateRangeFields({
  range,
  errors,
  change,
}: Pick<ReturnType<typeof useDateRange>, 'range' | 'errors' | 'change'>) {
  return (
    <>
      {fields.map((field) => (
        <TextField
          key={field}
          label={field === 'from_date' ? 'From date' : 'To date'}
          type="date"
          value={range[field]}
          onChange={(event) => change(field, event.target.value)}
          hasError={!!errors[field]}
          errorMessage={errors[field]}
        />
      ))}
    </>
  );
}
