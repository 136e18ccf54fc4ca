import { bindHandlers } from '@core/http/handler-map';
import { getBooking, listBookings, listInvitees, recentBookings, upcomingBookings } from './windows';
import { createBooking, deleteBooking, updateBooking } from './service';
import { getSpaceFeed, rotateSpaceFeed, spaceCalendar } from './feeds';
import { bookingsRoutes } from '@shared/api/bookings-routes';

export const handler = bindHandlers(bookingsRoutes, {
  'create-booking': async ({ principal, body }) => ({
    result: await createBooking(principal, body),
    message: 'Success',
  }),
  'delete-booking': async ({ principal, params, query }) => {
    await deleteBooking(principal, params.id, query);
    return { message: 'Success' };
  },
  'get-booking': async ({ principal, params, query }) => ({
    result: await getBooking(principal, params.id, query.occurrence_start),
  }),
  'get-ical-feed': async ({ params }) => ({
    result: await spaceCalendar(params.file),
    // Subscribers poll; a copy five minutes old is good enough, and only theirs to keep.
    headers: { 'cache-control': 'private, max-age=300' },
  }),
  'get-space-feed': async ({ principal, params }) => ({
    result: await getSpaceFeed(principal, params.id),
  }),
  'list-bookings-from': async ({ principal, params }) => ({
    result: await listBookings(principal, params),
  }),
  'list-bookings-window': async ({ principal, params }) => ({
    result: await listBookings(principal, params),
  }),
  'list-bookings': async ({ principal }) => ({
    result: await listBookings(principal, {}),
  }),
  'list-invitees': async ({ principal }) => ({
    result: await listInvitees(principal),
  }),
  'list-recent-bookings': async ({ principal }) => ({
    result: await recentBookings(principal),
  }),
  'list-space-bookings': async ({ principal, params }) => ({
    result: await listBookings(principal, params),
  }),
  'list-upcoming-bookings': async ({ principal }) => ({
    result: await upcomingBookings(principal),
  }),
  'list-venue-bookings': async ({ principal, params }) => ({
    result: await listBookings(principal, params),
  }),
  'rotate-space-feed': async ({ principal, params }) => ({
    result: await rotateSpaceFeed(principal, params.id),
    message: 'Calendar feed URL replaced',
  }),
  'update-booking': async ({ principal, params, body }) => ({
    result: await updateBooking(principal, params.id, body),
    message: 'Success',
  }),
});
