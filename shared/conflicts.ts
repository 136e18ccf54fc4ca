/** A span of time between two instants (ISO 8601), half-open: it includes its start, not its end. */
interface TimeSpan {
  start_utc: string;
  end_utc: string;
}

/** One of the candidate's occurrences that overlaps one existing booking. */
interface Conflict<C extends TimeSpan, B extends TimeSpan> {
  occurrence: C;
  booking: B;
}

/** Whether two spans share any instant. Back-to-back spans (one ends when the other starts) do not. */
export function overlaps(a: TimeSpan, b: TimeSpan): boolean {
  return Date.parse(a.start_utc) < Date.parse(b.end_utc) && Date.parse(b.start_utc) < Date.parse(a.end_utc);
}

interface Span<T> {
  item: T;
  start: number;
  end: number;
}

function spans<T extends TimeSpan>(items: readonly T[]): Span<T>[] {
  return items.map((item) => ({ item, start: Date.parse(item.start_utc), end: Date.parse(item.end_utc) }));
}

/**
 * Every pair (candidate occurrence, existing booking) that overlaps, ordered by the occurrence's start, then the
 * booking's. Instants are compared as instants, so ISO texts with or without milliseconds mix safely.
 *
 * A sweep over both lists sorted by start: each span is paired only with the spans of the other list still open when
 * it starts. Cost O((n + m) log(n + m) + k·a) for k pairs and a open spans at a time, instead of O(n·m).
 * Leave the candidate's own stored occurrences out of `existing` when it is an edit.
 */
export function findConflicts<C extends TimeSpan, B extends TimeSpan>(
  candidate: readonly C[],
  existing: readonly B[],
): Array<Conflict<C, B>> {
  type Edge = { side: 'candidate'; span: Span<C> } | { side: 'existing'; span: Span<B> };
  const sweep: Edge[] = [
    ...spans(candidate).map((span) => ({ side: 'candidate' as const, span })),
    ...spans(existing).map((span) => ({ side: 'existing' as const, span })),
  ].sort((a, b) => a.span.start - b.span.start);
  let openCandidates: Span<C>[] = [];
  let openExisting: Span<B>[] = [];
  const found: Array<{ occurrence: Span<C>; booking: Span<B> }> = [];
  for (const edge of sweep) {
    const { start, end } = edge.span;
    openCandidates = openCandidates.filter((open) => open.end > start);
    openExisting = openExisting.filter((open) => open.end > start);
    if (end <= start) continue; // an empty span overlaps nothing
    if (edge.side === 'candidate') {
      for (const booking of openExisting) found.push({ occurrence: edge.span, booking });
      openCandidates.push(edge.span);
    } else {
      for (const occurrence of openCandidates) found.push({ occurrence, booking: edge.span });
      openExisting.push(edge.span);
    }
  }
  return found
    .sort((a, b) => a.occurrence.start - b.occurrence.start || a.booking.start - b.booking.start)
    .map(({ occurrence, booking }) => ({ occurrence: occurrence.item, booking: booking.item }));
}
