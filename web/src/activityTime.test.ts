import { formatActivityTime, localDay } from './activityTime';

describe('activity times', () => {
  it("reads as 'Do MMM, YYYY | h:mma' in the local time zone", () => {
    expect(formatActivityTime(new Date(2025, 2, 5, 15, 4).toISOString())).toBe('5th Mar, 2025 | 3:04pm');
    expect(formatActivityTime(new Date(2025, 0, 1, 0, 0).toISOString())).toBe('1st Jan, 2025 | 12:00am');
    expect(formatActivityTime(new Date(2024, 11, 22, 12, 30).toISOString())).toBe('22nd Dec, 2024 | 12:30pm');
    expect(formatActivityTime(new Date(2024, 10, 23, 9, 5).toISOString())).toBe('23rd Nov, 2024 | 9:05am');
    expect(formatActivityTime(new Date(2024, 9, 11, 11, 59).toISOString())).toBe('11th Oct, 2024 | 11:59am');
    expect(formatActivityTime(new Date(2024, 9, 12, 23, 0).toISOString())).toBe('12th Oct, 2024 | 11:00pm');
    expect(formatActivityTime(new Date(2024, 9, 13, 1, 0).toISOString())).toBe('13th Oct, 2024 | 1:00am');
    expect(formatActivityTime(new Date(2024, 6, 31, 1, 0).toISOString())).toBe('31st Jul, 2024 | 1:00am');
    expect(formatActivityTime('not a time')).toBe('—');
  });

  it('counts local days back across months and years', () => {
    const now = new Date(2025, 0, 15, 23, 30);
    expect(localDay(0, now)).toBe('2025-01-15');
    expect(localDay(30, now)).toBe('2024-12-16');
  });
});
