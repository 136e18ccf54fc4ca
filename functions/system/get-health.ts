import { route } from '../http/route';
import { systemRoutes } from './routes';
import { dependencyStates } from '../services/health';

export const handler = route(systemRoutes['get-health'], async () => {
  const dependencies = await dependencyStates();
  const ok = Object.values(dependencies).every((state) => state === 'ok');
  return {
    result: {
      status: ok ? ('ok' as const) : ('degraded' as const),
      time: new Date().toISOString(),
      dependencies,
    },
  };
});
