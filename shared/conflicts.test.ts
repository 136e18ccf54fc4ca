import fc from 'fast-check';
import { findConflicts, overlaps } from './conflicts';

const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 2, 2, hour, minute)).toISOString();
const span = (id: string, from: number, to: number) => ({ id, start_utc: at(from), end_utc: at(to) });
const ids = (conflicts: Array<{ occurrence: { id: string }; booking: { id: string } }>) =>
  conflicts.map(({ occurrence, booking }) => `${occurrence.id}×${booking.id}`);

describe('overlaps', () => {
  it('is half-open: back-to-back spans do not overlap', () => {
    expect(overlaps(span('a', 9, 10), span('b', 10, 11))).toBe(false);
    expect(overlaps(span('a', 10, 11), span('b', 9, 10))).toBe(false);
  });

  it('finds partial, nested and identical overlaps', () => {
    expect(overlaps(span('a', 9, 11), span('b', 10, 12))).toBe(true);
    expect(overlaps(span('a', 9, 12), span('b', 10, 11))).toBe(true);
    expect(overlaps(span('a', 9, 10), span('b', 9, 10))).toBe(true);
  });

  it('compares instants, not texts', () => {
    expect(
      overlaps({ start_utc: '2026-03-02T09:00:00Z', end_utc: '2026-03-02T10:00:00Z' }, span('b', 9, 10)),
    ).toBe(true);
  });
});

describe('findConflicts', () => {
  it('pairs each occurrence with the bookings it overlaps, in order', () => {
    const occurrences = [span('o1', 9, 10), span('o2', 12, 14), span('o3', 16, 17)];
    const bookings = [
      span('b1', 10, 11),
      span('b2', 13, 15),
      span('b3', 8, 9),
      span('b4', 11, 13),
      span('b5', 16, 17),
    ];
    expect(ids(findConflicts(occurrences, bookings))).toEqual(['o2×b4', 'o2×b2', 'o3×b5']);
  });

  it('finds none when either list is empty', () => {
    expect(findConflicts([], [span('b', 9, 10)])).toEqual([]);
    expect(findConflicts([span('o', 9, 10)], [])).toEqual([]);
  });

  it('ignores empty spans', () => {
    expect(findConflicts([span('o', 9, 9)], [span('b', 8, 10)])).toEqual([]);
  });

  it('agrees with comparing every pair', () => {
    const spans = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 30 })).map(([from, length]) => ({
        start_utc: new Date(Date.UTC(2026, 0, 1) + from * 60_000).toISOString(),
        end_utc: new Date(Date.UTC(2026, 0, 1) + (from + length) * 60_000).toISOString(),
      })),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(spans, spans, (candidate, existing) => {
        const key = (o: object, b: object) =>
          `${candidate.indexOf(o as never)}×${existing.indexOf(b as never)}`;
        const expected = candidate.flatMap((o) =>
          existing.filter((b) => overlaps(o, b)).map((b) => key(o, b)),
        );
        const actual = findConflicts(candidate, existing).map(({ occurrence, booking }) =>
          key(occurrence, booking),
        );
        expect(actual.sort()).toEqual(expected.sort());
      }),
    );
  });

  it('finds the one clash among 1,000 occurrences and 20,000 bookings', () => {
    const instant = (day: number, minutes: number) =>
      new Date(Date.UTC(2026, 0, 1 + day) + minutes * 60_000).toISOString();
    const daily = Array.from({ length: 1000 }, (_, day) => ({
      start_utc: instant(day, 540),
      end_utc: instant(day, 600),
    }));
    const afternoons = Array.from({ length: 20_000 }, (_, i) => {
      const minutes = 720 + Math.floor(i / 1000) * 15;
      return { start_utc: instant(i % 1000, minutes), end_utc: instant(i % 1000, minutes + 15) };
    });
    const clash = { start_utc: instant(500, 570), end_utc: instant(500, 630) };
    const conflicts = findConflicts(daily, [...afternoons, clash]);
    expect(conflicts).toEqual([{ occurrence: daily[500], booking: clash }]);
  });
});
