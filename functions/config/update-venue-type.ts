import { configHandlers } from './handlers';

export const handler = configHandlers('venueTypes').update;
