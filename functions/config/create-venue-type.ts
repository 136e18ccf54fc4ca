import { configHandlers } from './handlers';

export const handler = configHandlers.create('venueTypes');
