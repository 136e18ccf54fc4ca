import {
  TIME_CHOICES,
  availabilityErrors,
  availabilityMessage,
  availabilityOf,
  timeChoices,
} from './availability';

const event = (start: string, end: string) => ({
  start_date: `2026-03-02 ${start}`,
  end_date: `2026-03-02 ${end}`,
});
const office = { availiblity_start: '08:00', availiblity_end: '18:00' };

describe('time choices', () => {
  it('run every half hour from 00:30 to 23:30', () => {
    expect(TIME_CHOICES).toHaveLength(47);
    expect(TIME_CHOICES.slice(0, 3)).toEqual(['00:30', '01:00', '01:30']);
    expect(TIME_CHOICES.at(-1)).toBe('23:30');
  });

  it('can cover another range', () => {
    expect(timeChoices('08:00', '10:00')).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00']);
    expect(() => timeChoices('8', '10:00')).toThrow(RangeError);
  });
});

describe('space availability', () => {
  it('defaults each missing or blank side to 00:30 – 23:30', () => {
    expect(availabilityOf({})).toEqual({ start: '00:30', end: '23:30' });
    expect(availabilityOf({ availiblity_start: '', availiblity_end: '17:00' })).toEqual({
      start: '00:30',
      end: '17:00',
    });
    expect(availabilityOf({ availiblity_start: '09:00', availiblity_end: null })).toEqual({
      start: '09:00',
      end: '23:30',
    });
  });

  it('formats the message as the choices show the times', () => {
    expect(availabilityMessage(office)).toBe('Space is available between 08:00 - 18:00');
  });

  it.each([
    ['08:00:00', '18:00:00'],
    ['09:30:00', '10:00:00'],
  ])('accepts %s – %s, bounds included', (start, end) => {
    expect(availabilityErrors(event(start, end), office)).toEqual({});
  });

  it.each([
    ['07:59:59', '09:00:00', { start_date: 'Space is available between 08:00 - 18:00' }],
    ['17:00:00', '18:00:01', { end_date: 'Space is available between 08:00 - 18:00' }],
    [
      '06:00:00',
      '19:00:00',
      {
        start_date: 'Space is available between 08:00 - 18:00',
        end_date: 'Space is available between 08:00 - 18:00',
      },
    ],
  ])('rejects %s – %s', (start, end, errors) => {
    expect(availabilityErrors(event(start, end), office)).toEqual(errors);
  });

  it('applies the default range to a space without availability', () => {
    expect(availabilityErrors(event('00:00:00', '01:00:00'), {})).toEqual({
      start_date: 'Space is available between 00:30 - 23:30',
    });
  });

  it('compares times of day only, for an event over several days', () => {
    const multiDay = { start_date: '2026-03-02 09:00:00', end_date: '2026-03-04 17:00:00' };
    expect(availabilityErrors(multiDay, office)).toEqual({});
  });
});
