/**
 * THIS / FOLLOWING / ALL: how an edit or a delete of one occurrence changes a stored series.
 *
 * Storage model (docs/architecture.md §6): a series item holds the rule and the event's details; every occurrence is its own item,
 * keyed by `series_id` and `recurrence_id` (the occurrence's original local start, as RFC 5545's RECURRENCE-ID).
 *
 * - A *regular* occurrence follows its series: its times and details are the series' own.
 * - A *detached* occurrence was edited on its own (THIS). It keeps its link to the series (`series_id`,
 *   `recurrence_id`) but no longer follows it.
 * - `Series.exdates` lists the original starts the rule generates but the series does not show: deleted occurrences
 *   and detached ones. Invariant: every detached occurrence's `recurrence_id` is in its series' `exdates`.
 *
 * The planners are pure: they return an {@link EditPlan} for the caller to write in one transaction.
 */
import { RecurrenceError, expandOccurrences, recurrenceMessages } from './recurrence';
import type { DateWindow, Occurrence } from './recurrence';
import type { ApplicableScope, EventInput, EventTiming } from './schemas/event';
import { messages } from './schemas/messages';
import { DAY_MS, formatLocalDate, formatWallTime, parseWallTime } from './wall-time';

/** What an event says besides its timing. */
export type EventDetails = Pick<EventInput, 'venue' | 'space' | 'title' | 'invites_list'> &
  Partial<Pick<EventInput, 'description'>>;

/** An event's timing (with the venue's zone) and details: what the event form submits. */
export type SeriesEvent = EventTiming & EventDetails;

/** A stored series. A single event is a series with `recurring: 'No'` and one occurrence. */
export type Series = SeriesEvent & {
  id: string;
  /** Original local starts (`YYYY-MM-DD HH:mm:ss`) not shown as regular occurrences: deleted or detached. */
  exdates: string[];
};

/** Identifies a stored occurrence. */
export interface OccurrenceKey {
  series_id: string;
  /** The occurrence's original local start in its series (RFC 5545 RECURRENCE-ID). */
  recurrence_id: string;
}

/** A stored occurrence: its times, its details, its key, and whether it was edited on its own. */
export type SeriesOccurrence = Occurrence & EventDetails & OccurrenceKey & { detached: boolean };

/** What a planner needs: the series and its detached occurrences as stored (regular ones follow from the series). */
export interface SeriesState {
  series: Series;
  detached: readonly SeriesOccurrence[];
}

/**
 * The writes an edit or delete comes to. Occurrences are identified by `series_id` + `recurrence_id`; a key appears
 * in at most one list. `update` replaces the whole stored item with the one given. Apply deletes, updates and creates
 * together (one transaction); together with the stored items left alone, they are the new state.
 */
export interface EditPlan {
  series: { create: Series[]; update: Series[]; delete: string[] };
  occurrences: { create: SeriesOccurrence[]; update: SeriesOccurrence[]; delete: OccurrenceKey[] };
}

/** An edit: the chosen occurrence, the scope, and the event as the form submits it, with that occurrence's new times. */
export interface EditRequest {
  target: string;
  scope: ApplicableScope;
  event: SeriesEvent;
  /** The id a FOLLOWING edit gives the series it starts. */
  newSeriesId: string;
}

/** A delete: the chosen occurrence and the scope. */
export interface DeleteRequest {
  target: string;
  scope: ApplicableScope;
}

/** The series has no occurrence with that `recurrence_id`. */
export class OccurrenceNotFoundError extends Error {
  override readonly name = 'OccurrenceNotFoundError';

  constructor(readonly recurrenceId: string) {
    super(`No occurrence starts at ${recurrenceId} in this series`);
  }
}

const DETAIL_FIELDS = ['venue', 'space', 'title', 'description', 'invites_list'] as const;
const TIMING_FIELDS = [
  'start_date',
  'end_date',
  'timezone',
  'recurring',
  'recur_interval',
  'recur_type',
  'recur_on',
  'recur_end_type',
  'recur_end',
] as const;

/** The named fields that are set; an unset optional field is left out rather than stored as `undefined`. */
function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}

function wall(text: string): number {
  const value = parseWallTime(text);
  if (value === undefined) throw new RecurrenceError('start_date', messages.invalid);
  return value;
}

/** A wire date-time moved by a wall-clock amount. */
function shift(text: string, delta: number): string {
  return delta === 0 ? text : formatWallTime(wall(text) + delta);
}

const keyOf = ({ series_id, recurrence_id }: OccurrenceKey): OccurrenceKey => ({ series_id, recurrence_id });
const keyText = (key: OccurrenceKey) => `${key.series_id}\u0000${key.recurrence_id}`;

/**
 * The regular occurrences of a series (its rule's, less `exdates`) as stored items, optionally within a window
 * (see {@link expandOccurrences}). Use it to write a new series' occurrences.
 */
export function seriesOccurrences(series: Series, window?: DateWindow): SeriesOccurrence[] {
  const excluded = new Set(series.exdates);
  const details = pick(series, DETAIL_FIELDS);
  return expandOccurrences(series, window)
    .filter((occurrence) => !excluded.has(occurrence.start_date))
    .map((occurrence) => ({
      ...occurrence,
      ...details,
      series_id: series.id,
      recurrence_id: occurrence.start_date,
      detached: false,
    }));
}

/** The chosen occurrence, and where the series' rule puts it (its slot: `recurrence_id` and the series' length). */
interface Target {
  occurrence: SeriesOccurrence;
  slotStart: number;
  slotEnd: number;
}

function findTarget({ series, detached }: SeriesState, recurrenceId: string): Target {
  const slotStart = wall(recurrenceId);
  const slotEnd = slotStart + wall(series.end_date) - wall(series.start_date);
  const occurrence =
    detached.find((item) => item.recurrence_id === recurrenceId) ??
    seriesOccurrences(series).find((item) => item.recurrence_id === recurrenceId);
  if (!occurrence) throw new OccurrenceNotFoundError(recurrenceId);
  return { occurrence, slotStart, slotEnd };
}

/**
 * The target's slot after an ALL or FOLLOWING edit (floating ms), and how far its start moved. Submitted times that
 * differ from the target's current ones become the slot; unchanged ones (say, only the title was edited on a
 * detached occurrence) keep the series' own slot.
 */
function editedSlot(target: Target, event: SeriesEvent): { start: number; end: number; moved: number } {
  const { occurrence } = target;
  const unchanged = event.start_date === occurrence.start_date && event.end_date === occurrence.end_date;
  const start = unchanged ? target.slotStart : wall(event.start_date);
  const end = unchanged ? target.slotEnd : wall(event.end_date);
  return { start, end, moved: start - target.slotStart };
}

/** The occurrence edited on its own: the submitted times and details, the same key, detached. */
function detach(key: OccurrenceKey, event: SeriesEvent): SeriesOccurrence {
  const [times] = expandOccurrences({ ...pick(event, TIMING_FIELDS), recurring: 'No' });
  if (!times) throw new RecurrenceError('start_date', messages.invalid);
  return { ...times, ...pick(event, DETAIL_FIELDS), ...keyOf(key), detached: true };
}

function withExdate(exdates: readonly string[], date: string): string[] {
  return [...new Set([...exdates, date])].sort();
}

function hasOccurrencesBefore(state: SeriesState, recurrenceId: string): boolean {
  const before = (item: OccurrenceKey) => item.recurrence_id < recurrenceId;
  return state.detached.some(before) || seriesOccurrences(state.series).some(before);
}

/** How many of the rule's instances (deleted and detached ones included) start before `recurrenceId`. */
function instancesBefore(series: Series, recurrenceId: string): number {
  return expandOccurrences(series).filter((occurrence) => occurrence.start_date < recurrenceId).length;
}

/** The series ended just before `recurrenceId`: ON the day before, or AFTER the instances before it. */
function truncated(series: Series, recurrenceId: string): Series {
  const recurEnd =
    series.recur_end_type === 'ON'
      ? formatLocalDate(wall(recurrenceId) - DAY_MS)
      : instancesBefore(series, recurrenceId);
  return { ...series, recur_end: recurEnd, exdates: series.exdates.filter((date) => date < recurrenceId) };
}

function emptyPlan(): EditPlan {
  return {
    series: { create: [], update: [], delete: [] },
    occurrences: { create: [], update: [], delete: [] },
  };
}

/** A key both deleted and created becomes one update; lists are sorted by key. */
function finalized(plan: EditPlan): EditPlan {
  const { create, update, delete: deletes } = plan.occurrences;
  const deleted = new Set(deletes.map(keyText));
  const created = new Set(create.map(keyText));
  const replaced = (item: OccurrenceKey) => deleted.has(keyText(item));
  const byKey = (a: OccurrenceKey, b: OccurrenceKey) => keyText(a).localeCompare(keyText(b));
  return {
    series: plan.series,
    occurrences: {
      create: create.filter((item) => !replaced(item)).sort(byKey),
      update: [...update, ...create.filter(replaced)].sort(byKey),
      delete: deletes.filter((key) => !created.has(keyText(key))).sort(byKey),
    },
  };
}

/** Writes that turn the regular items `before` into `after`: same key → update when changed. */
function diffRegular(before: SeriesOccurrence[], after: SeriesOccurrence[], plan: EditPlan): void {
  const old = new Map(before.map((item) => [keyText(item), item]));
  for (const item of after) {
    const previous = old.get(keyText(item));
    old.delete(keyText(item));
    if (!previous) plan.occurrences.create.push(item);
    else if (JSON.stringify(previous) !== JSON.stringify(item)) plan.occurrences.update.push(item);
  }
  for (const item of old.values()) plan.occurrences.delete.push(keyOf(item));
}

type Invites = SeriesEvent['invites_list'];

const address = (invite: Invites[number]) => invite.email.trim().toLowerCase();

/**
 * The invitees of an occurrence changed on its own after its series' list went from `before` to
 * `after`: those the series dropped are dropped from it too, those it added are added; the ones
 * the occurrence alone has stay (docs/decisions.md "Invitations").
 */
export function carriedInvites(own: Invites, before: Invites, after: Invites): Invites {
  const was = new Set(before.map(address));
  const now = new Set(after.map(address));
  const kept = own.filter((invite) => now.has(address(invite)) || !was.has(address(invite)));
  const present = new Set(kept.map(address));
  return [...kept, ...after.filter((invite) => !was.has(address(invite)) && !present.has(address(invite)))];
}

/**
 * A detached occurrence carried to `seriesId` with its link moved by `delta`; the edited target takes the event, the
 * others the invitees the event added to or dropped from the series.
 */
function carryDetached(
  item: SeriesOccurrence,
  seriesId: string,
  delta: number,
  target: Target,
  event: SeriesEvent,
  plan: EditPlan,
  seriesInvites: Invites,
): void {
  const key = { series_id: seriesId, recurrence_id: shift(item.recurrence_id, delta) };
  const isTarget = item.recurrence_id === target.occurrence.recurrence_id;
  const carried = isTarget
    ? detach(key, event)
    : { ...item, ...key, invites_list: carriedInvites(item.invites_list, seriesInvites, event.invites_list) };
  if (keyText(key) !== keyText(item)) {
    plan.occurrences.delete.push(keyOf(item));
    plan.occurrences.create.push(carried);
  } else if (JSON.stringify(carried) !== JSON.stringify(item)) {
    plan.occurrences.update.push(carried);
  }
}

function assertNotEmpty(regular: readonly SeriesOccurrence[], detached: readonly SeriesOccurrence[]): void {
  if (regular.length === 0 && detached.length === 0)
    throw new RecurrenceError('recur_end', recurrenceMessages.empty);
}

function editThis({ series }: SeriesState, target: Target, event: SeriesEvent): EditPlan {
  const plan = emptyPlan();
  plan.occurrences.update.push(detach(target.occurrence, event));
  if (!target.occurrence.detached) {
    plan.series.update.push({
      ...series,
      exdates: withExdate(series.exdates, target.occurrence.recurrence_id),
    });
  }
  return finalized(plan);
}

function editAll(state: SeriesState, target: Target, event: SeriesEvent): EditPlan {
  const { series } = state;
  const slot = editedSlot(target, event);
  const start = wall(series.start_date) + slot.moved;
  const next: Series = {
    ...pick(event, [...TIMING_FIELDS, ...DETAIL_FIELDS]),
    id: series.id,
    start_date: formatWallTime(start),
    end_date: formatWallTime(start + slot.end - slot.start),
    exdates: [...new Set(series.exdates.map((date) => shift(date, slot.moved)))].sort(),
  };
  const regular = seriesOccurrences(next);
  assertNotEmpty(regular, state.detached);
  const plan = emptyPlan();
  plan.series.update.push(next);
  diffRegular(seriesOccurrences(series), regular, plan);
  for (const item of state.detached)
    carryDetached(item, series.id, slot.moved, target, event, plan, series.invites_list);
  return finalized(plan);
}

/** For an unchanged AFTER end, the new series gets what the old one had left, so the total stays the same. */
function followingEnd(series: Series, event: SeriesEvent, before: number): Pick<Series, 'recur_end'> {
  const unchanged =
    event.recur_end_type === 'AFTER' &&
    series.recur_end_type === 'AFTER' &&
    Number(event.recur_end) === Number(series.recur_end);
  return unchanged ? { recur_end: Number(series.recur_end) - before } : {};
}

function editFollowing(
  state: SeriesState,
  target: Target,
  event: SeriesEvent,
  newSeriesId: string,
): EditPlan {
  const { series } = state;
  const split = target.occurrence.recurrence_id;
  const slot = editedSlot(target, event);
  const next: Series = {
    ...pick(event, [...TIMING_FIELDS, ...DETAIL_FIELDS]),
    ...followingEnd(series, event, instancesBefore(series, split)),
    id: newSeriesId,
    start_date: formatWallTime(slot.start),
    end_date: formatWallTime(slot.end),
    exdates: series.exdates.filter((date) => date >= split).map((date) => shift(date, slot.moved)),
  };
  const carried = state.detached.filter((item) => item.recurrence_id >= split);
  const regular = seriesOccurrences(next);
  assertNotEmpty(regular, carried);

  const plan = emptyPlan();
  plan.series.update.push(truncated(series, split));
  plan.series.create.push(next);
  for (const item of seriesOccurrences(series))
    if (item.recurrence_id >= split) plan.occurrences.delete.push(keyOf(item));
  plan.occurrences.create.push(...regular);
  for (const item of carried)
    carryDetached(item, newSeriesId, slot.moved, target, event, plan, series.invites_list);
  return finalized(plan);
}

/**
 * Plans an edit of the occurrence `target` (its `recurrence_id`). `event` is the form as submitted: the target's new
 * times and the event's details and rule. A single event is always edited as ALL.
 *
 * - THIS: the target becomes detached with the submitted times and details; its start joins `exdates`. The rule is
 *   not changed.
 * - ALL: the series takes the submitted rule and details. Its start moves by as much as the target's start moved
 *   and it takes the target's new length (edit the 5th Monday from 09:00 to 10:00 and every occurrence moves to
 *   10:00, at that wall time across DST); `exdates` and detached occurrences' links move along, so deleted
 *   occurrences stay deleted. Regular occurrences are rewritten; detached ones keep their own times and details (the
 *   target, if detached, takes the submitted ones), except the invitees the edit adds to or drops from the series
 *   ({@link carriedInvites}). Submitted times equal to a detached target's own leave the series' times alone.
 * - FOLLOWING: the series ends before the target (ON the day before, or AFTER the instances before it) and a new
 *   series (`newSeriesId`) starts at the target with the submitted times (as for ALL) and rule; an unchanged AFTER
 *   count becomes what was left, so the total stays the same. Later `exdates` and detached occurrences move to the
 *   new series, taking the invitees the edit adds or drops as for ALL. On the first remaining occurrence it is ALL.
 *
 * Throws {@link OccurrenceNotFoundError} for an unknown target, {@link RecurrenceError} when the result is malformed,
 * has no occurrence or too many.
 */
export function planEdit(state: SeriesState, request: EditRequest): EditPlan {
  const target = findTarget(state, request.target);
  const scope = state.series.recurring === 'Yes' ? request.scope : 'ALL';
  if (scope === 'THIS') return editThis(state, target, request.event);
  if (scope === 'FOLLOWING' && hasOccurrencesBefore(state, request.target)) {
    return editFollowing(state, target, request.event, request.newSeriesId);
  }
  return editAll(state, target, request.event);
}

function deleteAll(state: SeriesState): EditPlan {
  const plan = emptyPlan();
  plan.series.delete.push(state.series.id);
  plan.occurrences.delete.push(...[...seriesOccurrences(state.series), ...state.detached].map(keyOf));
  return finalized(plan);
}

function deleteThis(state: SeriesState, target: Target): EditPlan {
  const { series } = state;
  const id = target.occurrence.recurrence_id;
  const others = [...seriesOccurrences(series), ...state.detached].filter(
    (item) => item.recurrence_id !== id,
  );
  if (others.length === 0) return deleteAll(state);
  const plan = emptyPlan();
  plan.occurrences.delete.push(keyOf(target.occurrence));
  if (!target.occurrence.detached)
    plan.series.update.push({ ...series, exdates: withExdate(series.exdates, id) });
  return finalized(plan);
}

function deleteFollowing(state: SeriesState, target: Target): EditPlan {
  const split = target.occurrence.recurrence_id;
  const plan = emptyPlan();
  plan.series.update.push(truncated(state.series, split));
  const following = [...seriesOccurrences(state.series), ...state.detached].filter(
    (item) => item.recurrence_id >= split,
  );
  plan.occurrences.delete.push(...following.map(keyOf));
  return finalized(plan);
}

/**
 * Plans a delete of the occurrence `target` (its `recurrence_id`). A single event is always deleted as ALL.
 *
 * - THIS: the occurrence is deleted and its start joins `exdates` (already there for a detached one).
 * - FOLLOWING: the series ends before the target (as for an edit) and every occurrence from the target on, regular
 *   or detached (by `recurrence_id`), is deleted.
 * - ALL: the series and all its occurrences, detached ones included, are deleted.
 *
 * Deleting the last remaining occurrence, or FOLLOWING from the first, deletes the whole series.
 * Throws {@link OccurrenceNotFoundError} for an unknown target.
 */
export function planDelete(state: SeriesState, request: DeleteRequest): EditPlan {
  const target = findTarget(state, request.target);
  const scope = state.series.recurring === 'Yes' ? request.scope : 'ALL';
  if (scope === 'THIS') return deleteThis(state, target);
  if (scope === 'FOLLOWING' && hasOccurrencesBefore(state, request.target))
    return deleteFollowing(state, target);
  return deleteAll(state);
}
