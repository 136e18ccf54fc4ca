import { passwordChangeSchema, profileChangeSchema } from '../../shared/schemas/auth';
import { noResult } from '../../shared/schemas/common';
import {
  aboutMeSchema,
  adminMeSchema,
  clientMeSchema,
  myPackageSchema,
  resetPinResultSchema,
} from '../../shared/schemas/me';
import { uploadRequestSchema, uploadTicketSchema } from '../../shared/schemas/uploads';
import { defineRoutes } from '../http/contract';

/** The signed-in user (client-area §7 "Me and auth"). */
export const meRoutes = defineRoutes('me', {
  'client-password-change': {
    method: 'POST',
    path: '/client/passwordChange',
    auth: 'client',
    permission: 'read',
    summary: 'Changes the own password after checking the current one; every session ends',
    body: passwordChangeSchema,
    response: noResult,
  },
  'admin-password-change': {
    method: 'POST',
    path: '/admin/passwordChange',
    auth: 'admin',
    summary: 'Changes the own password after checking the current one; every session ends',
    body: passwordChangeSchema,
    response: noResult,
  },
  'get-client-me': {
    method: 'GET',
    path: '/client/me',
    auth: 'client',
    permission: 'read',
    summary: 'The signed-in user with role attributes, account and package',
    response: clientMeSchema,
  },
  'get-admin-me': {
    method: 'GET',
    path: '/admin/me',
    auth: 'admin',
    summary: 'The signed-in super admin',
    response: adminMeSchema,
  },
  'get-about-me': {
    method: 'GET',
    path: '/client/aboutMe',
    auth: 'client',
    permission: 'read',
    summary: 'The account for the header, with totals for roles whose statistics flag is set',
    response: aboutMeSchema,
  },
  'get-my-package': {
    method: 'GET',
    path: '/client/mypackage',
    auth: 'client',
    permission: 'read',
    summary: "The package of the caller's account",
    response: myPackageSchema,
  },
  'client-profile-change': {
    method: 'POST',
    path: '/client/profileChange',
    auth: 'client',
    permission: 'read',
    summary: 'Saves the own profile; a photo is an uploaded key (see /client/uploads)',
    body: profileChangeSchema,
    response: clientMeSchema,
  },
  'admin-profile-change': {
    method: 'POST',
    path: '/admin/profileChange',
    auth: 'admin',
    summary: 'Saves the own profile of a super admin',
    body: profileChangeSchema,
    response: adminMeSchema,
  },
  'reset-pin': {
    method: 'GET',
    path: '/client/resetPIN',
    auth: 'client',
    permission: 'read',
    summary: 'Gives the caller a new four-digit PIN, unique in the account',
    response: resetPinResultSchema,
    errors: [409],
  },
  'client-create-upload': {
    method: 'POST',
    path: '/client/uploads',
    auth: 'client',
    permission: 'read',
    summary: 'A presigned S3 POST for one file; send its key back with the form that uses it',
    body: uploadRequestSchema,
    response: uploadTicketSchema,
  },
  'admin-create-upload': {
    method: 'POST',
    path: '/admin/uploads',
    auth: 'admin',
    summary: 'A presigned S3 POST for one file of a super admin',
    body: uploadRequestSchema,
    response: uploadTicketSchema,
  },
});
