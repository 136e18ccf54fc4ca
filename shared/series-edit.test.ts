import fc from 'fast-check';
import { RecurrenceError } from './recurrence';
import {
  carriedInvites,
  OccurrenceNotFoundError,
  planDelete,
  planEdit,
  seriesOccurrences,
} from './series-edit';
import type { EditPlan, Series, SeriesEvent, SeriesOccurrence, SeriesState } from './series-edit';

/** Standup: Mondays 09:00–10:00 in New York, six times from 2026-03-02 (DST starts 2026-03-08). */
function aSeries(overrides: Partial<Series> = {}): Series {
  return {
    id: 's1',
    venue: 'v1',
    space: 'sp1',
    title: 'Standup',
    invites_list: [],
    start_date: '2026-03-02 09:00:00',
    end_date: '2026-03-02 10:00:00',
    timezone: 'America/New_York',
    recurring: 'Yes',
    recur_interval: 1,
    recur_type: 'WEEKLY',
    recur_end_type: 'AFTER',
    recur_end: 6,
    exdates: [],
    ...overrides,
  };
}

/** The event form for `series`, showing the occurrence at `start`–`end`, with `changes`. */
function theForm(
  series: Series,
  start: string,
  end: string,
  changes: Partial<SeriesEvent> = {},
): SeriesEvent {
  const { id: _id, exdates: _exdates, ...event } = series;
  return { ...event, start_date: start, end_date: end, ...changes };
}

const stateOf = (series: Series, detached: SeriesOccurrence[] = []): SeriesState => ({ series, detached });

/** Mondays of the series, local. */
const MONDAYS = ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06'];
const at = (day: string, time = '09:00:00') => `${day} ${time}`;
const keys = (items: Array<{ series_id: string; recurrence_id: string }>) =>
  items.map((item) => `${item.series_id} ${item.recurrence_id}`);

/** A detached occurrence of s1, moved to another time the same day. */
function aDetached(
  day: string,
  start: string,
  end: string,
  utcStart: string,
  utcEnd: string,
): SeriesOccurrence {
  return {
    start_date: at(day, start),
    end_date: at(day, end),
    start_utc: utcStart,
    end_utc: utcEnd,
    venue: 'v1',
    space: 'sp1',
    title: 'Moved standup',
    invites_list: [],
    series_id: 's1',
    recurrence_id: at(day),
    detached: true,
  };
}

// 2026-03-09 moved to 14:00–15:00 EDT.
const detachedMarch9 = aDetached(
  '2026-03-09',
  '14:00:00',
  '15:00:00',
  '2026-03-09T18:00:00.000Z',
  '2026-03-09T19:00:00.000Z',
);
// 2026-04-06 moved to 16:00–17:00 EDT.
const detachedApril6 = aDetached(
  '2026-04-06',
  '16:00:00',
  '17:00:00',
  '2026-04-06T20:00:00.000Z',
  '2026-04-06T21:00:00.000Z',
);

describe('seriesOccurrences', () => {
  it('lists the regular occurrences as stored items, without exdates', () => {
    const items = seriesOccurrences(aSeries({ exdates: [at('2026-03-16')] }));
    expect(keys(items)).toEqual(
      ['2026-03-02', '2026-03-09', '2026-03-23', '2026-03-30', '2026-04-06'].map((d) => `s1 ${at(d)}`),
    );
    expect(items[0]).toEqual({
      start_date: '2026-03-02 09:00:00',
      end_date: '2026-03-02 10:00:00',
      start_utc: '2026-03-02T14:00:00.000Z',
      end_utc: '2026-03-02T15:00:00.000Z',
      venue: 'v1',
      space: 'sp1',
      title: 'Standup',
      invites_list: [],
      series_id: 's1',
      recurrence_id: '2026-03-02 09:00:00',
      detached: false,
    });
    expect(items[1]?.start_utc).toBe('2026-03-09T13:00:00.000Z'); // EDT from 2026-03-08
  });
});

describe('planEdit THIS', () => {
  it('detaches the occurrence with its new times and details and excludes it from the series', () => {
    const series = aSeries();
    const event = theForm(series, at('2026-03-16', '11:00:00'), at('2026-03-16', '12:00:00'), {
      title: 'Moved',
    });
    const plan = planEdit(stateOf(series), {
      target: at('2026-03-16'),
      scope: 'THIS',
      event,
      newSeriesId: 's2',
    });
    expect(plan).toEqual({
      series: { create: [], update: [{ ...series, exdates: [at('2026-03-16')] }], delete: [] },
      occurrences: {
        create: [],
        update: [
          {
            start_date: '2026-03-16 11:00:00',
            end_date: '2026-03-16 12:00:00',
            start_utc: '2026-03-16T15:00:00.000Z',
            end_utc: '2026-03-16T16:00:00.000Z',
            venue: 'v1',
            space: 'sp1',
            title: 'Moved',
            invites_list: [],
            series_id: 's1',
            recurrence_id: '2026-03-16 09:00:00',
            detached: true,
          },
        ],
        delete: [],
      },
    });
  });

  it('edits a detached occurrence again without touching the series', () => {
    const series = aSeries({ exdates: [at('2026-03-09')] });
    const event = theForm(series, at('2026-03-09', '14:00:00'), at('2026-03-09', '15:30:00'));
    const plan = planEdit(stateOf(series, [detachedMarch9]), {
      target: at('2026-03-09'),
      scope: 'THIS',
      event,
      newSeriesId: 's2',
    });
    expect(plan.series).toEqual({ create: [], update: [], delete: [] });
    expect(plan.occurrences.update).toEqual([
      expect.objectContaining({
        recurrence_id: at('2026-03-09'),
        end_utc: '2026-03-09T19:30:00.000Z',
        detached: true,
      }),
    ]);
  });

  it('edits a single event as ALL', () => {
    const single = aSeries({
      recurring: 'No',
      recur_type: undefined,
      recur_end_type: undefined,
      recur_end: undefined,
    });
    const event = theForm(single, at('2026-03-02', '10:00:00'), at('2026-03-02', '11:00:00'));
    const plan = planEdit(stateOf(single), {
      target: at('2026-03-02'),
      scope: 'THIS',
      event,
      newSeriesId: 's2',
    });
    expect(plan.series.update).toEqual([
      { ...single, start_date: at('2026-03-02', '10:00:00'), end_date: at('2026-03-02', '11:00:00') },
    ]);
    expect(keys(plan.occurrences.create)).toEqual([`s1 ${at('2026-03-02', '10:00:00')}`]);
    expect(keys(plan.occurrences.delete)).toEqual([`s1 ${at('2026-03-02')}`]);
  });
});

describe('planEdit ALL', () => {
  it('moves every occurrence by as much as the edited one moved, at the same wall time across DST', () => {
    const series = aSeries();
    const event = theForm(series, at('2026-03-16', '10:00:00'), at('2026-03-16', '11:00:00'));
    const plan = planEdit(stateOf(series), {
      target: at('2026-03-16'),
      scope: 'ALL',
      event,
      newSeriesId: 's2',
    });
    expect(plan.series.update).toEqual([
      { ...series, start_date: '2026-03-02 10:00:00', end_date: '2026-03-02 11:00:00' },
    ]);
    expect(keys(plan.occurrences.delete)).toEqual(MONDAYS.map((d) => `s1 ${at(d)}`));
    expect(plan.occurrences.create.map((o) => o.start_utc)).toEqual([
      '2026-03-02T15:00:00.000Z',
      '2026-03-09T14:00:00.000Z',
      '2026-03-16T14:00:00.000Z',
      '2026-03-23T14:00:00.000Z',
      '2026-03-30T14:00:00.000Z',
      '2026-04-06T14:00:00.000Z',
    ]);
  });

  it('keeps deleted occurrences deleted and detached ones detached, moving their links along', () => {
    const series = aSeries({ exdates: [at('2026-03-09'), at('2026-03-23')] }); // 03-09 detached, 03-23 deleted
    const event = theForm(series, at('2026-03-16', '10:00:00'), at('2026-03-16', '11:00:00'));
    const plan = planEdit(stateOf(series, [detachedMarch9]), {
      target: at('2026-03-16'),
      scope: 'ALL',
      event,
      newSeriesId: 's2',
    });
    expect(plan.series.update[0]?.exdates).toEqual([
      at('2026-03-09', '10:00:00'),
      at('2026-03-23', '10:00:00'),
    ]);
    expect(keys(plan.occurrences.create)).toEqual(
      ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-30', '2026-04-06'].map(
        (d) => `s1 ${at(d, '10:00:00')}`,
      ),
    );
    const moved = plan.occurrences.create.find((o) => o.detached);
    expect(moved).toEqual({ ...detachedMarch9, recurrence_id: at('2026-03-09', '10:00:00') });
    expect(keys(plan.occurrences.delete)).toEqual(
      ['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-30', '2026-04-06'].map((d) => `s1 ${at(d)}`),
    );
  });

  it('rewrites details in place when the times stay', () => {
    const series = aSeries({ exdates: [at('2026-03-09')] });
    const event = theForm(series, at('2026-03-16'), at('2026-03-16', '10:00:00'), { title: 'Daily sync' });
    const plan = planEdit(stateOf(series, [detachedMarch9]), {
      target: at('2026-03-16'),
      scope: 'ALL',
      event,
      newSeriesId: 's2',
    });
    expect(plan.series.update[0]?.title).toBe('Daily sync');
    expect(plan.occurrences.create).toEqual([]);
    expect(plan.occurrences.delete).toEqual([]);
    expect(plan.occurrences.update.map((o) => [o.recurrence_id, o.title])).toEqual(
      ['2026-03-02', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06'].map((d) => [
        at(d),
        'Daily sync',
      ]),
    );
  });

  it("adds and drops the series' invitees on detached occurrences too, keeping their own", () => {
    const ann = { name: 'Ann', email: 'ann@example.test' };
    const bob = { email: 'bob@example.test' };
    const cat = { email: 'cat@example.test' };
    const dan = { email: 'dan@example.test' };
    const series = aSeries({ exdates: [at('2026-03-09')], invites_list: [ann, bob] });
    // March 9 changed on its own: Bob removed from it, Cat invited to it alone.
    const detached = { ...detachedMarch9, invites_list: [ann, cat] };
    const event = theForm(series, at('2026-03-16'), at('2026-03-16', '10:00:00'), {
      invites_list: [{ email: 'ANN@example.test' }, dan],
    });
    const plan = planEdit(stateOf(series, [detached]), {
      target: at('2026-03-16'),
      scope: 'ALL',
      event,
      newSeriesId: 's2',
    });
    const carried = plan.occurrences.update.find((o) => o.detached);
    // Ann stays (the same address), Cat stays (hers alone), Dan joins; Bob was not on it.
    expect(carried?.invites_list).toEqual([ann, cat, dan]);
    expect(carriedInvites([ann, bob, cat], [ann, bob], [ann])).toEqual([ann, cat]);
  });

  it('leaves the series times alone when a detached occurrence is edited with its own times', () => {
    const series = aSeries({ exdates: [at('2026-03-09')] });
    const event = theForm(series, detachedMarch9.start_date, detachedMarch9.end_date, { title: 'Renamed' });
    const plan = planEdit(stateOf(series, [detachedMarch9]), {
      target: at('2026-03-09'),
      scope: 'ALL',
      event,
      newSeriesId: 's2',
    });
    expect(plan.series.update).toEqual([{ ...series, title: 'Renamed' }]);
    expect(plan.occurrences.update).toContainEqual({ ...detachedMarch9, title: 'Renamed' });
    expect(plan.occurrences.update.filter((o) => !o.detached)).toHaveLength(5);
    expect([...plan.occurrences.create, ...plan.occurrences.delete]).toEqual([]);
  });

  it('changes the rule: a longer series creates the new occurrences', () => {
    const series = aSeries();
    const event = theForm(series, at('2026-03-02'), at('2026-03-02', '10:00:00'), { recur_end: 8 });
    const plan = planEdit(stateOf(series), {
      target: at('2026-03-02'),
      scope: 'ALL',
      event,
      newSeriesId: 's2',
    });
    expect(keys(plan.occurrences.create)).toEqual(['2026-04-13', '2026-04-20'].map((d) => `s1 ${at(d)}`));
    expect(plan.occurrences.update).toEqual([]);
  });

  it('rejects a rule with too many occurrences', () => {
    const series = aSeries();
    const event = theForm(series, at('2026-03-02'), at('2026-03-02', '10:00:00'), {
      recur_type: 'DAILY',
      recur_end: 5000,
    });
    expect(() =>
      planEdit(stateOf(series), { target: at('2026-03-02'), scope: 'ALL', event, newSeriesId: 's2' }),
    ).toThrow(RecurrenceError);
  });
});

describe('planEdit FOLLOWING', () => {
  const editFrom = (
    series: Series,
    detached: SeriesOccurrence[],
    changes: Partial<SeriesEvent> = {},
  ): EditPlan =>
    planEdit(stateOf(series, detached), {
      target: at('2026-03-23'),
      scope: 'FOLLOWING',
      event: theForm(series, at('2026-03-23', '11:00:00'), at('2026-03-23', '12:00:00'), {
        title: 'Late standup',
        ...changes,
      }),
      newSeriesId: 's2',
    });

  it('ends the series before the occurrence and starts a new one there with what was left of the count', () => {
    const series = aSeries();
    const plan = editFrom(series, []);
    expect(plan.series.update).toEqual([{ ...series, recur_end: 3 }]);
    expect(plan.series.create).toEqual([
      {
        ...series,
        id: 's2',
        title: 'Late standup',
        start_date: '2026-03-23 11:00:00',
        end_date: '2026-03-23 12:00:00',
        recur_end: 3,
      },
    ]);
    expect(keys(plan.occurrences.delete)).toEqual(
      ['2026-03-23', '2026-03-30', '2026-04-06'].map((d) => `s1 ${at(d)}`),
    );
    expect(keys(plan.occurrences.create)).toEqual(
      ['2026-03-23', '2026-03-30', '2026-04-06'].map((d) => `s2 ${at(d, '11:00:00')}`),
    );
  });

  it('ends an ON series the day before', () => {
    const series = aSeries({ recur_end_type: 'ON', recur_end: '2026-04-06' });
    const plan = editFrom(series, []);
    expect(plan.series.update[0]?.recur_end).toBe('2026-03-22');
    expect(plan.series.create[0]?.recur_end).toBe('2026-04-06');
  });

  it('takes a changed count as given', () => {
    const plan = editFrom(aSeries(), [], { recur_end: 2 });
    expect(plan.series.create[0]?.recur_end).toBe(2);
    expect(plan.occurrences.create).toHaveLength(2);
  });

  it('counts deleted occurrences before the split when it cuts the count', () => {
    const plan = editFrom(aSeries({ exdates: [at('2026-03-09')] }), []);
    expect(plan.series.update[0]).toMatchObject({ recur_end: 3, exdates: [at('2026-03-09')] });
  });

  it('moves later exdates and detached occurrences to the new series', () => {
    const series = aSeries({ exdates: [at('2026-03-09'), at('2026-04-06')] });
    const plan = editFrom(series, [detachedMarch9, detachedApril6]);
    expect(plan.series.update[0]?.exdates).toEqual([at('2026-03-09')]);
    expect(plan.series.create[0]?.exdates).toEqual([at('2026-04-06', '11:00:00')]);
    expect(plan.occurrences.create.find((o) => o.detached)).toEqual({
      ...detachedApril6,
      series_id: 's2',
      recurrence_id: at('2026-04-06', '11:00:00'),
    });
    expect(keys(plan.occurrences.delete)).toContain(`s1 ${at('2026-04-06')}`);
    expect(keys(plan.occurrences.delete)).not.toContain(`s1 ${at('2026-03-09')}`);
  });

  it('from a detached occurrence, starts the new series at the submitted times', () => {
    const series = aSeries({ exdates: [at('2026-03-16')] });
    const longer = aDetached(
      '2026-03-16',
      '09:00:00',
      '11:00:00',
      '2026-03-16T13:00:00.000Z',
      '2026-03-16T15:00:00.000Z',
    );
    const plan = planEdit(stateOf(series, [longer]), {
      target: at('2026-03-16'),
      scope: 'FOLLOWING',
      event: theForm(series, at('2026-03-16', '09:00:00'), at('2026-03-16', '09:30:00')),
      newSeriesId: 's2',
    });
    expect(plan.series.update[0]?.recur_end).toBe(2);
    expect(plan.series.create[0]).toMatchObject({
      start_date: '2026-03-16 09:00:00',
      end_date: '2026-03-16 09:30:00',
      recur_end: 4,
      exdates: [at('2026-03-16')],
    });
    expect(plan.occurrences.create.find((o) => o.detached)).toMatchObject({
      series_id: 's2',
      recurrence_id: at('2026-03-16'),
      end_date: '2026-03-16 09:30:00',
    });
  });

  it('is ALL on the first remaining occurrence', () => {
    const series = aSeries({ exdates: [at('2026-03-02'), at('2026-03-09'), at('2026-03-16')] });
    const plan = editFrom(series, []);
    expect(plan.series.create).toEqual([]);
    expect(plan.series.update[0]).toMatchObject({
      id: 's1',
      start_date: '2026-03-02 11:00:00',
      title: 'Late standup',
    });
  });
});

describe('planDelete', () => {
  it('THIS excludes the occurrence', () => {
    const series = aSeries();
    expect(planDelete(stateOf(series), { target: at('2026-03-16'), scope: 'THIS' })).toEqual({
      series: { create: [], update: [{ ...series, exdates: [at('2026-03-16')] }], delete: [] },
      occurrences: { create: [], update: [], delete: [{ series_id: 's1', recurrence_id: at('2026-03-16') }] },
    });
  });

  it('THIS on a detached occurrence deletes only it', () => {
    const plan = planDelete(stateOf(aSeries({ exdates: [at('2026-03-09')] }), [detachedMarch9]), {
      target: at('2026-03-09'),
      scope: 'THIS',
    });
    expect(plan.series.update).toEqual([]);
    expect(keys(plan.occurrences.delete)).toEqual([`s1 ${at('2026-03-09')}`]);
  });

  it('THIS on the last remaining occurrence deletes the series', () => {
    const series = aSeries({ recur_end: 2, exdates: [at('2026-03-02')] });
    const plan = planDelete(stateOf(series), { target: at('2026-03-09'), scope: 'THIS' });
    expect(plan.series.delete).toEqual(['s1']);
    expect(keys(plan.occurrences.delete)).toEqual([`s1 ${at('2026-03-09')}`]);
  });

  it('FOLLOWING truncates the series and deletes the rest, detached included', () => {
    const series = aSeries({ exdates: [at('2026-03-09'), at('2026-04-06')] });
    const plan = planDelete(stateOf(series, [detachedMarch9, detachedApril6]), {
      target: at('2026-03-23'),
      scope: 'FOLLOWING',
    });
    expect(plan.series.update).toEqual([{ ...series, recur_end: 3, exdates: [at('2026-03-09')] }]);
    expect(keys(plan.occurrences.delete)).toEqual(
      ['2026-03-23', '2026-03-30', '2026-04-06'].map((d) => `s1 ${at(d)}`),
    );
  });

  it('FOLLOWING from the first occurrence deletes the series', () => {
    const plan = planDelete(stateOf(aSeries()), { target: at('2026-03-02'), scope: 'FOLLOWING' });
    expect(plan.series.delete).toEqual(['s1']);
    expect(plan.occurrences.delete).toHaveLength(6);
  });

  it('ALL deletes the series and every occurrence', () => {
    const plan = planDelete(stateOf(aSeries({ exdates: [at('2026-03-09')] }), [detachedMarch9]), {
      target: at('2026-03-30'),
      scope: 'ALL',
    });
    expect(plan.series).toEqual({ create: [], update: [], delete: ['s1'] });
    expect(keys(plan.occurrences.delete)).toEqual(MONDAYS.map((d) => `s1 ${at(d)}`));
  });

  it('refuses an occurrence the series does not have', () => {
    const state = stateOf(aSeries({ exdates: [at('2026-03-16')] }));
    expect(() => planDelete(state, { target: at('2026-03-16'), scope: 'THIS' })).toThrow(
      OccurrenceNotFoundError,
    );
    expect(() => planDelete(state, { target: at('2026-03-17'), scope: 'ALL' })).toThrow(
      OccurrenceNotFoundError,
    );
  });
});

/** A booking table in memory: series and occurrence items, written as the API would write a plan. */
class Store {
  series = new Map<string, Series>();
  items = new Map<string, SeriesOccurrence>();

  static key(item: { series_id: string; recurrence_id: string }): string {
    return `${item.series_id} ${item.recurrence_id}`;
  }

  add(series: Series): void {
    this.series.set(series.id, series);
    for (const item of seriesOccurrences(series)) this.items.set(Store.key(item), item);
  }

  apply(plan: EditPlan): void {
    const touched = [...plan.occurrences.create, ...plan.occurrences.update, ...plan.occurrences.delete].map(
      Store.key,
    );
    expect(new Set(touched).size).toBe(touched.length);
    for (const key of plan.occurrences.delete) expect(this.items.delete(Store.key(key))).toBe(true);
    for (const item of plan.occurrences.update) {
      expect(this.items.has(Store.key(item))).toBe(true);
      this.items.set(Store.key(item), item);
    }
    for (const item of plan.occurrences.create) {
      expect(this.items.has(Store.key(item))).toBe(false);
      this.items.set(Store.key(item), item);
    }
    for (const id of plan.series.delete) this.series.delete(id);
    for (const series of [...plan.series.update, ...plan.series.create]) this.series.set(series.id, series);
  }

  state(seriesId: string): SeriesState {
    const series = this.series.get(seriesId);
    if (!series) throw new Error(`no series ${seriesId}`);
    return {
      series,
      detached: [...this.items.values()].filter((i) => i.series_id === seriesId && i.detached),
    };
  }

  /** Regular items match the series, detached ones are listed in its exdates, no item outlives its series. */
  expectConsistent(): void {
    for (const series of this.series.values()) {
      const stored = [...this.items.values()].filter((i) => i.series_id === series.id);
      expect(stored.filter((i) => !i.detached)).toEqual(expect.arrayContaining(seriesOccurrences(series)));
      expect(stored.filter((i) => !i.detached)).toHaveLength(seriesOccurrences(series).length);
      for (const item of stored.filter((i) => i.detached))
        expect(series.exdates).toContain(item.recurrence_id);
      expect(stored.length).toBeGreaterThan(0);
    }
    for (const item of this.items.values()) expect(this.series.has(item.series_id)).toBe(true);
  }
}

/** The plan, or `undefined` when the edit is rejected as a validation error (say, a rule left with no occurrence). */
function attempt(plan: () => EditPlan): EditPlan | undefined {
  try {
    return plan();
  } catch (error) {
    if (error instanceof RecurrenceError) return undefined;
    throw error;
  }
}

describe('plans applied in sequence', () => {
  const step = fc.record({
    action: fc.constantFrom('edit', 'delete'),
    scope: fc.constantFrom('THIS', 'FOLLOWING', 'ALL' as const),
    pick: fc.nat(),
    shiftHours: fc.integer({ min: -2, max: 2 }),
    lengthHours: fc.integer({ min: 1, max: 3 }),
    newCount: fc.option(fc.integer({ min: 1, max: 12 })),
  });
  const firstSeries = fc.constantFrom(
    aSeries({
      recur_type: 'DAILY',
      recur_end: 10,
      start_date: '2026-03-05 09:00:00',
      end_date: '2026-03-05 10:00:00',
    }),
    aSeries({ recur_on: 'MO,TH', recur_end_type: 'ON', recur_end: '2026-04-30' }),
  );

  it('keep the stored items consistent with their series', () => {
    fc.assert(
      fc.property(firstSeries, fc.array(step, { minLength: 1, maxLength: 8 }), (first, steps) => {
        const store = new Store();
        store.add(first);
        let nextId = 2;
        for (const s of steps) {
          const seriesIds = [...store.series.keys()];
          if (seriesIds.length === 0) return;
          const seriesId = seriesIds[s.pick % seriesIds.length] ?? '';
          const items = [...store.items.values()].filter((i) => i.series_id === seriesId);
          const target = items[s.pick % items.length];
          if (!target) return;
          const state = store.state(seriesId);
          if (s.action === 'delete') {
            store.apply(planDelete(state, { target: target.recurrence_id, scope: s.scope }));
          } else {
            const start = Date.parse(`${target.start_date.replace(' ', 'T')}Z`) + s.shiftHours * 3_600_000;
            const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
            const { id: _id, exdates: _ex, ...event } = state.series;
            const form = {
              ...event,
              start_date: wall(start),
              end_date: wall(start + s.lengthHours * 3_600_000),
              ...(s.newCount !== null && event.recur_end_type === 'AFTER' ? { recur_end: s.newCount } : {}),
            };
            const plan = attempt(() =>
              planEdit(state, {
                target: target.recurrence_id,
                scope: s.scope,
                event: form,
                newSeriesId: `s${nextId++}`,
              }),
            );
            if (plan) store.apply(plan);
          }
          store.expectConsistent();
        }
      }),
      { numRuns: 150 },
    );
  });
});
