import { configHandlers } from './handlers';

export const handler = configHandlers.clientList('amenities');
