import { configHandlers } from './handlers';

export const handler = configHandlers.list('venueTypes');
