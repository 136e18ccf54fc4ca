import * as z from 'zod';
import { statusParams } from '../schemas/accounts';
import { idParams } from '../schemas/common';
import {
  clientLicencesSchema,
  offlineNotificationSchema,
  screenInputSchema,
  screenSchema,
  spaceParams,
} from '../schemas/venues';
import { defineRoutes } from './contract';

/**
 * Screens and the licences they hold (docs/product/client-area.md §2 "Screen form", "Screen offline
 * notifications panel"; §7 "Screens"). An active screen holds one of the account's available
 * licences; a Venue Manager acts on the screens of their approved venues.
 */
export const screensRoutes = defineRoutes('screens', {
  'list-screens': {
    method: 'GET',
    path: '/client/allscreens',
    auth: 'client',
    permission: 'venue.visible',
    summary: 'The screens of the venues and spaces the caller sees',
    response: z.array(screenSchema),
  },
  'list-space-screens': {
    method: 'GET',
    path: '/client/allscreens/{spaceId}',
    auth: 'client',
    permission: 'venue.visible',
    summary: 'The screens of one space',
    params: spaceParams,
    response: z.array(screenSchema),
  },
  'list-recent-screens': {
    method: 'GET',
    path: '/client/recentscreens',
    auth: 'client',
    permission: 'venue.visible',
    summary: "The five newest of the caller's screens",
    response: z.array(screenSchema),
  },
  'create-screen': {
    method: 'POST',
    path: '/client/screen',
    auth: 'client',
    permission: 'screens.permission.add',
    summary: 'Adds a screen by its activation code; an active screen takes an available licence',
    body: screenInputSchema,
    response: screenSchema,
    errors: [409],
  },
  'update-screen': {
    method: 'PUT',
    path: '/client/screen/{id}',
    auth: 'client',
    permission: 'screens.permission.add',
    summary: 'Changes a screen',
    params: idParams,
    body: screenInputSchema,
    response: screenSchema,
    errors: [409],
  },
  'set-screen-status': {
    method: 'GET',
    path: '/client/screen/{id}/{status}',
    auth: 'client',
    permission: 'screens.permission.add',
    summary: 'Activates a screen (taking a licence) or deactivates it (freeing its licence)',
    params: statusParams,
    response: screenSchema,
    errors: [409, 422],
  },
  'update-offline-notification': {
    method: 'PUT',
    path: '/client/screen/{id}/offlineNotification',
    auth: 'client',
    permission: 'screens.permission.add',
    summary: 'Who is e-mailed when the screen goes offline, and how often',
    params: idParams,
    body: offlineNotificationSchema,
    response: screenSchema,
    errors: [409],
  },
  'list-licences': {
    method: 'GET',
    path: '/client/licences',
    auth: 'client',
    permission: 'screens.permission.add',
    summary: "The account's screen licences, and how many are active and still available",
    response: clientLicencesSchema,
  },
});
