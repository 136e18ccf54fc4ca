import { openApiDocument } from '@core/http/openapi';
import { bindHandlers } from '@core/http/handler-map';
import { dependencyStates } from './health';
import { systemRoutes } from '@shared/api/system-routes';

/** Built once per container: the route table does not change while it runs. */
let document: ReturnType<typeof openApiDocument> | undefined;

export const handler = bindHandlers(systemRoutes, {
  'get-health': async () => {
    const dependencies = await dependencyStates();
    const ok = Object.values(dependencies).every((state) => state === 'ok');
    return {
      result: {
        status: ok ? ('ok' as const) : ('degraded' as const),
        time: new Date().toISOString(),
        dependencies,
      },
    };
  },
  'get-openapi': async () => ({
    result: (document ??= openApiDocument()),
    headers: { 'cache-control': 'public, max-age=300' },
  }),
});
