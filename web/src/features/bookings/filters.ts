import { useCallback, useState } from 'react';

/**
 * The booking calendar's venue and space, kept in the browser (docs/product/client-area.md §2 "The selected booking
 * filters persist locally", §4). A stored id that the person may no longer book in is ignored by
 * the page.
 */
export const BOOKING_FILTERS_KEY = 'booking.filters';

export interface BookingFilters {
  venue: string | null;
  /** `null`: every space of the venue. */
  space: string | null;
}

const none: BookingFilters = { venue: null, space: null };

const idOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

function read(): BookingFilters {
  try {
    const stored = JSON.parse(localStorage.getItem(BOOKING_FILTERS_KEY) ?? 'null') as unknown;
    if (!stored || typeof stored !== 'object') return none;
    const { venue, space } = stored as Record<string, unknown>;
    return { venue: idOrNull(venue), space: idOrNull(space) };
  } catch {
    return none;
  }
}

function write(filters: BookingFilters) {
  try {
    localStorage.setItem(BOOKING_FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // Storage full or refused: the choice lasts until the page is left.
  }
}

/** The stored filters and a setter that stores them. */
export function useBookingFilters(): [BookingFilters, (next: BookingFilters) => void] {
  const [filters, setFilters] = useState(read);
  const set = useCallback((next: BookingFilters) => {
    write(next);
    setFilters(next);
  }, []);
  return [filters, set];
}
