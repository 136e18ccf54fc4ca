import { configHandlers } from './handlers';

export const handler = configHandlers('amenities').list;
