import { configHandlers } from './handlers';

export const handler = configHandlers('spaceTypes').clientList;
