import { groupRouter } from '../http/router';
import { handler as getHealth } from './get-health';

export const handler = groupRouter('system', { 'system/get-health': getHealth });
