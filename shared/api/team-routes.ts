import * as z from 'zod';
import { accountUserSchema, statusParams } from '../schemas/accounts';
import { idParams } from '../schemas/common';
import { meAccountSchema, resetPinResultSchema } from '../schemas/me';
import {
  activityPageSchema,
  clientAccountSchema,
  newTeamUserSchema,
  teamActivityFilterSchema,
  updateTeamUserSchema,
} from '../schemas/team';
import { defineRoutes } from './contract';

/**
 * The Account section of the client area (docs/product/client-area.md §2 "Account management", §7 "Account,
 * lookups, users", "Activity log"): the account's details, its users and its activity log. The
 * account is always the signed-in user's; a user of another account is not found (404).
 */
export const teamRoutes = defineRoutes('team', {
  'update-account': {
    method: 'PUT',
    path: '/client/account',
    auth: 'client',
    permission: 'account.permission.add',
    summary: "Changes the account's name, address and logo (Account Admin)",
    body: clientAccountSchema,
    response: meAccountSchema,
  },
  'list-users': {
    method: 'GET',
    path: '/client/allusers',
    auth: 'client',
    permission: 'account.visible',
    summary: 'The users of the account, newest first',
    response: z.array(accountUserSchema),
  },
  'get-user': {
    method: 'GET',
    path: '/client/user/{id}',
    auth: 'client',
    permission: 'account.visible',
    summary: 'One user of the account',
    params: idParams,
    response: accountUserSchema,
  },
  'create-user': {
    method: 'POST',
    path: '/client/newuser',
    auth: 'client',
    permission: 'account.permission.add',
    summary: "Adds a user with a role of the account's package and a password to sign in with",
    body: newTeamUserSchema,
    response: accountUserSchema,
    errors: [409],
  },
  'update-user': {
    method: 'PUT',
    path: '/client/user/{id}',
    auth: 'client',
    permission: 'account.permission.add',
    summary: "Changes a user; a new password given here ends that user's sessions",
    params: idParams,
    body: updateTeamUserSchema,
    response: accountUserSchema,
    errors: [409],
  },
  'set-user-status': {
    method: 'GET',
    path: '/client/user/{id}/{status}',
    auth: 'client',
    permission: 'account.permission.add',
    summary: 'Activates or deactivates another user; a deactivated user is signed out',
    params: statusParams,
    response: accountUserSchema,
    errors: [409],
  },
  'reset-user-pin': {
    method: 'GET',
    path: '/client/user/{id}/resetPIN',
    auth: 'client',
    permission: 'account.permission.add',
    summary: 'Gives a user a new PIN, unique in the account',
    params: idParams,
    response: resetPinResultSchema,
    errors: [409],
  },
  'list-activity': {
    method: 'GET',
    path: '/client/activityLog',
    auth: 'client',
    permission: 'account.visible',
    summary: "The account's activity in a date range, newest first, a page at a time",
    query: teamActivityFilterSchema,
    response: activityPageSchema,
    // A `user_id` that names nobody of the account.
    errors: [404],
  },
  'search-activity': {
    method: 'POST',
    path: '/client/activityLog',
    auth: 'client',
    permission: 'account.visible',
    summary: 'The same as GET /client/activityLog, with the filter in the body',
    body: teamActivityFilterSchema,
    response: activityPageSchema,
    errors: [404],
  },
});
