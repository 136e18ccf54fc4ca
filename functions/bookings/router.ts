import { groupRouter } from '../http/router';
import { handler as createBooking } from './create-booking';
import { handler as deleteBooking } from './delete-booking';
import { handler as getBooking } from './get-booking';
import { handler as getIcalFeed } from './get-ical-feed';
import { handler as getSpaceFeed } from './get-space-feed';
import { handler as listBookings } from './list-bookings';
import { handler as listBookingsFrom } from './list-bookings-from';
import { handler as listBookingsWindow } from './list-bookings-window';
import { handler as listInvitees } from './list-invitees';
import { handler as listRecentBookings } from './list-recent-bookings';
import { handler as listSpaceBookings } from './list-space-bookings';
import { handler as listUpcomingBookings } from './list-upcoming-bookings';
import { handler as listVenueBookings } from './list-venue-bookings';
import { handler as rotateSpaceFeed } from './rotate-space-feed';
import { handler as updateBooking } from './update-booking';
import { bookingsRoutes } from './routes';

export const handler = groupRouter(bookingsRoutes, [
  createBooking,
  deleteBooking,
  getBooking,
  getIcalFeed,
  getSpaceFeed,
  listBookings,
  listBookingsFrom,
  listBookingsWindow,
  listInvitees,
  listRecentBookings,
  listSpaceBookings,
  listUpcomingBookings,
  listVenueBookings,
  rotateSpaceFeed,
  updateBooking,
]);
