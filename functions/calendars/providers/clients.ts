import * as z from 'zod';
import { calendarProviderNames, type CalendarProvider } from '@shared/schemas/calendars';
import { secretString } from '@core/aws/secrets';
import { env } from '@core/env';
import { googleCalendarClient } from './google';
import { microsoftCalendarClient } from './microsoft';
import type { CalendarClient } from './provider';

/** The app's registration at a provider. */
interface Registration {
  clientId: string;
  clientSecret: string;
}

/** What a provider's Secrets Manager secret holds (docs/deployment.md). */
const registrationSecret = z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) });

/** Where a provider's registration is configured: the values themselves (locally), or a secret's ARN (AWS). */
function configuration(provider: CalendarProvider) {
  const settings = env();
  return provider === 'google'
    ? {
        clientId: settings.GOOGLE_CALENDAR_CLIENT_ID,
        clientSecret: settings.GOOGLE_CALENDAR_CLIENT_SECRET,
        secretArn: settings.GOOGLE_CALENDAR_SECRET_ARN,
      }
    : {
        clientId: settings.MICROSOFT_CALENDAR_CLIENT_ID,
        clientSecret: settings.MICROSOFT_CALENDAR_CLIENT_SECRET,
        secretArn: settings.MICROSOFT_CALENDAR_SECRET_ARN,
      };
}

/**
 * The app's registration at a provider, or `undefined` when it has none here. Locally the client
 * id and secret are variables of their own; in AWS a Secrets Manager secret (JSON `client_id`,
 * `client_secret`) read once per container, so the secret is never in the function's environment.
 */
async function registration(provider: CalendarProvider): Promise<Registration | undefined> {
  const { clientId, clientSecret, secretArn } = configuration(provider);
  if (clientId && clientSecret) return { clientId, clientSecret };
  if (!secretArn) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await secretString(secretArn));
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
  }
  const checked = registrationSecret.safeParse(parsed);
  if (!checked.success) {
    throw new Error(
      `The ${calendarProviderNames[provider]} calendar secret must be JSON with client_id and client_secret`,
    );
  }
  return { clientId: checked.data.client_id, clientSecret: checked.data.client_secret };
}

/**
 * The client of a provider's calendars, or `undefined` when the app is not registered with that
 * provider here (neither form configured): its calendars cannot be linked.
 */
export async function calendarClient(provider: CalendarProvider): Promise<CalendarClient | undefined> {
  const registered = await registration(provider);
  if (!registered) return undefined;
  return provider === 'google' ? googleCalendarClient(registered) : microsoftCalendarClient(registered);
}
