import { route } from '../http/route';
import { openApiDocument } from '../http/openapi';
import { systemRoutes } from './routes';

/** Built once per container: the route table does not change while it runs. */
let document: ReturnType<typeof openApiDocument> | undefined;

export const handler = route(systemRoutes['get-openapi'], async () => ({
  result: (document ??= openApiDocument()),
  headers: { 'cache-control': 'public, max-age=300' },
}));
