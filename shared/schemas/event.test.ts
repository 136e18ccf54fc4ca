import { fieldErrors } from './common';
import { eventSchema } from './event';
import type { EventFormValues } from './event';

/** A valid single event as the form sends it; every field can be overridden. */
function aForm(overrides: Record<string, unknown> = {}): EventFormValues {
  return {
    venue: 'venue-1',
    space: 'space-1',
    title: 'Board meeting',
    start_date: '2026-03-02 09:00:00',
    end_date: '2026-03-02 10:00:00',
    recurring: 'No',
    invites_list: [{ name: 'Ada', email: 'ada@example.com' }],
    ...overrides,
  } as EventFormValues;
}

const recurringForm = (overrides: Record<string, unknown> = {}) =>
  aForm({
    recurring: 'Yes',
    recur_interval: 1,
    recur_type: 'WEEKLY',
    recur_on: 'MO,WE',
    recur_end_type: 'AFTER',
    recur_end: 10,
    ...overrides,
  });

function errorsOf(values: unknown): Record<string, string> {
  const result = eventSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

describe('eventSchema', () => {
  it('accepts a single event and drops recurrence fields it does not use', () => {
    const parsed = eventSchema.parse(
      aForm({ recur_type: 'DAILY', recur_end: 3, description: '  Quarterly  ' }),
    );
    expect(parsed).toEqual({
      venue: 'venue-1',
      space: 'space-1',
      title: 'Board meeting',
      description: 'Quarterly',
      start_date: '2026-03-02 09:00:00',
      end_date: '2026-03-02 10:00:00',
      recurring: 'No',
      invites_list: [{ name: 'Ada', email: 'ada@example.com' }],
    });
  });

  it('defaults recurring to No and the invitees to none', () => {
    const { recurring: _r, invites_list: _i, ...rest } = aForm();
    expect(eventSchema.parse(rest)).toMatchObject({ recurring: 'No', invites_list: [] });
  });

  it('accepts a recurring event and types its fields', () => {
    const parsed = eventSchema.parse(
      recurringForm({ recur_interval: '2', recur_end: '10', applicable: 'FOLLOWING' }),
    );
    expect(parsed).toMatchObject({
      recur_interval: 2,
      recur_end: 10,
      recur_on: 'MO,WE',
      applicable: 'FOLLOWING',
    });
  });

  it('keeps recur_on only where the type reads it', () => {
    expect(
      eventSchema.parse(recurringForm({ recur_type: 'DAILY', recur_on: 'MO' })).recur_on,
    ).toBeUndefined();
    expect(eventSchema.parse(recurringForm({ recur_type: 'MONTHLY', recur_on: '2TU' })).recur_on).toBe('2TU');
  });

  it.each(['venue', 'space', 'title', 'start_date', 'end_date'])('requires %s', (field) => {
    expect(errorsOf(aForm({ [field]: '' }))[field]).toBe('Field is required');
    expect(errorsOf(aForm({ [field]: undefined }))[field]).toBe('Field is required');
  });

  it('rejects a malformed date-time', () => {
    expect(errorsOf(aForm({ start_date: '2026-02-30 09:00:00' }))).toEqual({ start_date: 'Invalid value' });
    expect(errorsOf(aForm({ end_date: '02/03/2026 10:00' }))).toEqual({ end_date: 'Invalid value' });
  });

  it.each(['2026-03-02 08:00:00', '2026-03-02 09:00:00'])(
    'rejects an end at %s, not after the start',
    (end) => {
      expect(errorsOf(aForm({ end_date: end }))).toEqual({
        end_date: 'End date must be greater than start date',
      });
    },
  );

  it('shows the end-date error together with other fields’ errors', () => {
    expect(errorsOf(aForm({ title: '', end_date: '2026-03-01 10:00:00' }))).toEqual({
      title: 'Field is required',
      end_date: 'End date must be greater than start date',
    });
  });

  it('requires the recurrence fields of a recurring event', () => {
    expect(errorsOf(aForm({ recurring: 'Yes' }))).toEqual({
      recur_interval: 'Field is required',
      recur_type: 'Field is required',
      recur_end_type: 'Field is required',
      recur_end: 'Field is required',
    });
  });

  it.each([
    [-1, 'Field should be larger than 0'],
    [366, 'Field should be smaller than 365'],
    [1.5, 'Invalid value'],
    ['two', 'Invalid value'],
  ])('rejects recur_interval %j', (value, message) => {
    expect(errorsOf(recurringForm({ recur_interval: value }))).toEqual({ recur_interval: message });
  });

  it.each([0, 365])('accepts recur_interval %j', (value) => {
    expect(errorsOf(recurringForm({ recur_interval: value }))).toEqual({});
  });

  it.each([
    ['WEEKLY', 'MO,XX'],
    ['WEEKLY', '2TU'],
    ['MONTHLY', '32'],
    ['MONTHLY', '6TU'],
    ['MONTHLY', 'MO'],
  ])('rejects recur_on for %s %j', (type, recurOn) => {
    expect(errorsOf(recurringForm({ recur_type: type, recur_on: recurOn }))).toEqual({
      recur_on: 'Invalid value',
    });
  });

  it.each([
    ['WEEKLY', ''],
    ['WEEKLY', 'SU'],
    ['MONTHLY', '31'],
    ['MONTHLY', '5FR'],
  ])('accepts recur_on for %s %j', (type, recurOn) => {
    expect(errorsOf(recurringForm({ recur_type: type, recur_on: recurOn }))).toEqual({});
  });

  it.each([
    ['ON', '2026-02-30', 'Invalid value'],
    ['ON', 5, 'Invalid value'],
    ['AFTER', 0, 'Field should be larger than 1'],
    ['AFTER', 'ten', 'Invalid value'],
    ['AFTER', 1001, 'Field should be smaller than 1000'],
    ['NEVER', 5, 'Invalid value'],
  ])('rejects recur_end_type %s with recur_end %j', (type, end, message) => {
    const errors = errorsOf(recurringForm({ recur_end_type: type, recur_end: end }));
    expect(errors[type === 'NEVER' ? 'recur_end_type' : 'recur_end']).toBe(message);
  });

  it('rejects a series of more than 1000 occurrences', () => {
    const form = recurringForm({ recur_type: 'DAILY', recur_end_type: 'ON', recur_end: '2030-01-01' });
    expect(errorsOf(form)).toEqual({ recur_end: 'A series may have at most 1000 occurrences' });
  });

  it('rejects a series without occurrences', () => {
    const form = recurringForm({ recur_end_type: 'ON', recur_end: '2026-03-01' });
    expect(errorsOf(form)).toEqual({ recur_end: 'The series has no occurrences' });
  });

  it('outputs an ON end as a date and an AFTER end as a number', () => {
    expect(
      eventSchema.parse(recurringForm({ recur_end_type: 'ON', recur_end: '2026-06-30' })).recur_end,
    ).toBe('2026-06-30');
    expect(eventSchema.parse(recurringForm({ recur_end: '4' })).recur_end).toBe(4);
  });

  it('validates invitees, keeping the index of the row the form shows', () => {
    const invites = [{ name: '', email: '' }, { name: 'Bob', email: 'bob@' }, { name: 'Cy' }];
    expect(errorsOf(aForm({ invites_list: invites }))).toEqual({
      'invites_list.1.email': 'Field should be an email address',
      'invites_list.2.email': 'Field is required',
    });
  });

  it('drops blank invitee rows and repeated addresses', () => {
    const invites = [
      { name: '', email: '' },
      { name: 'Ada', email: 'Ada@Example.com' },
      { email: 'ada@example.com' },
      { name: '', email: 'grace@example.com' },
    ];
    expect(eventSchema.parse(aForm({ invites_list: invites })).invites_list).toEqual([
      { name: 'Ada', email: 'ada@example.com' },
      { email: 'grace@example.com' },
    ]);
  });

  it.each([
    ['applicable', 'SOME'],
    ['recurring', 'Maybe'],
    ['recur_type', 'HOURLY'],
  ])('rejects %s %j', (field, value) => {
    expect(errorsOf(aForm({ [field]: value }))[field]).toBe('Invalid value');
  });

  it('limits the title', () => {
    expect(errorsOf(aForm({ title: 'x'.repeat(256) }))).toEqual({
      title: 'Field should be less than 255 characters',
    });
  });

  it('limits the invitees, their addresses and the texts of the rule and its times', () => {
    const invitees = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `p${i}@example.com` }));
    expect(errorsOf(aForm({ invites_list: invitees(50) }))).toEqual({});
    expect(errorsOf(aForm({ invites_list: invitees(51) }))).toEqual({
      invites_list: 'A booking may invite at most 50 people',
    });
    expect(errorsOf(aForm({ invites_list: [{ email: `${'a'.repeat(95)}@x.com` }] }))).toEqual({
      'invites_list.0.email': 'Field should be less than 100 characters',
    });
    expect(errorsOf(recurringForm({ recur_on: 'MO,'.repeat(20) }))).toEqual({ recur_on: 'Invalid value' });
    expect(errorsOf(recurringForm({ recur_end: '1'.repeat(11) }))).toEqual({ recur_end: 'Invalid value' });
    expect(errorsOf(aForm({ start_date: `2026-03-02 09:00:00${'0'.repeat(20)}` }))).toEqual({
      start_date: 'Invalid value',
    });
  });
});
