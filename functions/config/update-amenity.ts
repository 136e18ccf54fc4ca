import { configHandlers } from './handlers';

export const handler = configHandlers.update('amenities');
