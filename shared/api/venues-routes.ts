import * as z from 'zod';
import { statusParams } from '../schemas/accounts';
import { idParams } from '../schemas/common';
import {
  assignableSchema,
  assignmentSchema,
  updateVenueSchema,
  userPropertySchema,
  venueInputSchema,
  venueManagerParams,
  venueManagerPermissionParams,
  venueParams,
  venueSchema,
} from '../schemas/venues';
import { defineRoutes } from './contract';

/**
 * Venues and their managers (docs/product/client-area.md §2 "Venues area", "Venue form"; §7 "Venues"). A Venue
 * Manager sees and acts on the venues where their assignment is Approved (shared/venues.ts
 * `actsOn`, 403 otherwise); another account's venue or user is not found (404).
 */
export const venuesRoutes = defineRoutes('venues', {
  'list-venues': {
    method: 'GET',
    path: '/client/allvenues',
    auth: 'client',
    permission: 'venue.visible',
    summary:
      "The venues the caller manages, with their spaces: all for an Account Admin, a Venue Manager's approved ones, an Event Coordinator's spaces' venues",
    response: z.array(venueSchema),
  },
  'list-calendar-venues': {
    method: 'GET',
    path: '/client/calendarvenues',
    auth: 'client',
    permission: 'events.visible',
    summary:
      "The venues whose bookings the caller sees, with the spaces they see: all for an Account Admin or a Viewer, a Venue Manager's venues, an Event Coordinator's spaces and their venues",
    response: z.array(venueSchema),
  },
  'list-my-venues': {
    method: 'GET',
    path: '/client/myvenues',
    auth: 'client',
    permission: 'read',
    summary: 'The active venues the caller may book in, with their spaces',
    response: z.array(venueSchema),
  },
  'list-recent-venues': {
    method: 'GET',
    path: '/client/recentvenues',
    auth: 'client',
    permission: 'dashboard.recentvenues',
    summary: "The five newest of the caller's venues",
    response: z.array(venueSchema),
  },
  'get-venue': {
    method: 'GET',
    path: '/client/venue/{id}',
    auth: 'client',
    permission: 'venue.visible',
    summary: 'One venue with its spaces',
    params: idParams,
    response: venueSchema,
  },
  'create-venue': {
    method: 'POST',
    path: '/client/newvenue',
    auth: 'client',
    permission: 'venues.permission.add',
    summary: "Adds a venue, within the package's venue limit",
    body: venueInputSchema,
    response: venueSchema,
  },
  'update-venue': {
    method: 'PUT',
    path: '/client/venue/{id}',
    auth: 'client',
    permission: 'venues.permission.edit',
    summary: 'Changes a venue',
    params: idParams,
    body: updateVenueSchema,
    response: venueSchema,
    errors: [409],
  },
  'set-venue-status': {
    method: 'GET',
    path: '/client/venue/{id}/{status}',
    auth: 'client',
    permission: 'venues.permission.edit',
    summary: 'Activates or deactivates a venue',
    params: statusParams,
    response: venueSchema,
    errors: [409],
  },
  'list-venue-managers': {
    method: 'GET',
    path: '/client/venuemanagers/{venueId}',
    auth: 'client',
    permission: 'venues.permission.3rdPartyAccountManage',
    summary: "The venue's managers and their permission",
    params: venueParams,
    response: z.array(assignmentSchema),
  },
  'list-available-managers': {
    method: 'GET',
    path: '/client/availablemanager/{venueId}',
    auth: 'client',
    permission: 'venues.permission.3rdPartyAccountManage',
    summary: "The account's active Venue Managers not yet on the venue",
    params: venueParams,
    response: z.array(assignableSchema),
  },
  'assign-venue-manager': {
    method: 'GET',
    path: '/client/venuemanager/assign/{venueId}/{userId}',
    auth: 'client',
    permission: 'venues.permission.3rdPartyAccountManage',
    summary: 'Adds a Venue Manager to the venue, Approved',
    params: venueManagerParams,
    response: assignmentSchema,
    errors: [409],
  },
  'set-venue-manager-permission': {
    method: 'GET',
    path: '/client/venuemanager/{venueId}/{userId}/{permission}',
    auth: 'client',
    permission: 'venues.permission.3rdPartyAccountManage',
    summary: "Approves or denies a manager on the venue; it applies from the manager's next request",
    params: venueManagerPermissionParams,
    response: assignmentSchema,
  },
  'list-user-properties': {
    method: 'GET',
    path: '/client/userproperties/{id}',
    auth: 'client',
    permission: 'account.visible',
    summary: "A user's venues (Venue Manager) or spaces (Event Coordinator), with their permission",
    params: idParams,
    response: z.array(userPropertySchema),
  },
});
