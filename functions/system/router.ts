import { groupRouter } from '../http/router';
import { handler as getHealth } from './get-health';
import { handler as getOpenapi } from './get-openapi';
import { systemRoutes } from './routes';

export const handler = groupRouter(systemRoutes, [getHealth, getOpenapi]);
