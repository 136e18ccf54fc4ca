import * as z from 'zod';
import { noResult } from '../schemas/common';
import {
  slideshowInputSchema,
  slideshowParams,
  slideshowSchema,
  slideshowSpaceParams,
} from '../schemas/slideshows';
import { defineRoutes } from './contract';

/**
 * Slideshows of a space (docs/product/client-area.md §2 "Slideshow panel", §7 "Slideshows"): the Account Admin's and
 * the Venue Manager's (on venues where they are Approved). Slides are presigned uploads (purpose
 * `slide`, POST /client/uploads) named by key; the API reads their type and a video's length from
 * the bytes. The update answers POST (the contract's method override) and PUT alike.
 */
export const slideshowsRoutes = defineRoutes('slideshows', {
  'list-slideshows': {
    method: 'GET',
    path: '/client/slideshows/{spaceId}',
    auth: 'client',
    permission: 'spaces.permission.edit',
    summary: "The space's slideshows, each with its slides in play order and their file URLs",
    params: slideshowSpaceParams,
    response: z.array(slideshowSchema),
  },
  'create-slideshow': {
    method: 'POST',
    path: '/client/slideshows/{spaceId}',
    auth: 'client',
    permission: 'spaces.permission.edit',
    summary: "Adds a slideshow to the space; an active one replaces the space's active slideshow",
    params: slideshowSpaceParams,
    body: slideshowInputSchema,
    response: slideshowSchema,
    errors: [409, 413],
  },
  'update-slideshow': {
    method: 'POST',
    path: '/client/slideshows/{spaceId}/{id}',
    auth: 'client',
    permission: 'spaces.permission.edit',
    summary:
      "Saves a slideshow as sent (the contract's method override of PUT); dropped slides' files are deleted",
    params: slideshowParams,
    body: slideshowInputSchema,
    response: slideshowSchema,
    errors: [409, 413],
  },
  'replace-slideshow': {
    method: 'PUT',
    path: '/client/slideshows/{spaceId}/{id}',
    auth: 'client',
    permission: 'spaces.permission.edit',
    summary: 'Saves a slideshow as sent, as the POST of the same path does',
    params: slideshowParams,
    body: slideshowInputSchema,
    response: slideshowSchema,
    errors: [409, 413],
  },
  'delete-slideshow': {
    method: 'DELETE',
    path: '/client/slideshows/{spaceId}/{id}',
    auth: 'client',
    permission: 'spaces.permission.edit',
    summary: 'Deletes a slideshow and its files',
    params: slideshowParams,
    response: noResult,
    errors: [409],
  },
});
