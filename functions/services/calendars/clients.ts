import type { CalendarProvider } from '../../../shared/schemas/calendars';
import { env } from '../../env';
import { googleCalendarClient } from './google';
import { microsoftCalendarClient } from './microsoft';
import type { CalendarClient } from './provider';

/**
 * The client of a provider's calendars, or `undefined` when the app is not registered with that
 * provider here (no client id or secret configured): its calendars cannot be linked.
 */
export function calendarClient(provider: CalendarProvider): CalendarClient | undefined {
  const settings = env();
  if (provider === 'google') {
    const { GOOGLE_CALENDAR_CLIENT_ID: clientId, GOOGLE_CALENDAR_CLIENT_SECRET: clientSecret } = settings;
    return clientId && clientSecret ? googleCalendarClient({ clientId, clientSecret }) : undefined;
  }
  const { MICROSOFT_CALENDAR_CLIENT_ID: clientId, MICROSOFT_CALENDAR_CLIENT_SECRET: clientSecret } = settings;
  return clientId && clientSecret ? microsoftCalendarClient({ clientId, clientSecret }) : undefined;
}
