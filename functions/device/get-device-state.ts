import { route } from '../http/route';
import { MetricName } from '../observability/catalogue';
import { countMetric } from '../observability/metrics';
import { deviceState } from '../services/device-state';
import { deviceRoutes } from './routes';

export const handler = route(deviceRoutes['get-device-state'], async ({ principal, query, event }) => {
  countMetric(MetricName.DisplayPolls);
  const ifNoneMatch = event.headers?.['if-none-match'] ?? event.headers?.['If-None-Match'];
  const { state, etag } = await deviceState(principal, query.app_version, ifNoneMatch);
  return { result: state, etag };
});
