import { viewerAddress } from '@core/http/edge';
import { bindHandlers } from '@core/http/handler-map';
import { MetricName } from '@core/observability/catalogue';
import { countMetric } from '@core/observability/metrics';
import { bookNow } from './book-now';
import { checkIn } from './check-in';
import { deviceState } from './state';
import { registerDevice } from './registration';
import { deviceRoutes } from '@shared/api/device-routes';

export const handler = bindHandlers(deviceRoutes, {
  'book-now': async ({ principal, body }) => {
    const result = await bookNow(principal, body);
    return { result, message: `Booked by ${result.booked_by}` };
  },
  'check-in': async ({ principal, body }) => {
    const result = await checkIn(principal, body);
    return { result, message: `Checked in by ${result.checked_in_by}` };
  },
  'get-device-state': async ({ principal, query, event }) => {
    countMetric(MetricName.DisplayPolls);
    const ifNoneMatch = event.headers?.['if-none-match'] ?? event.headers?.['If-None-Match'];
    const { state, etag } = await deviceState(principal, query.app_version, ifNoneMatch);
    return { result: state, etag };
  },
  'register-device': async ({ body, event }) => ({
    result: await registerDevice(viewerAddress(event), body),
  }),
});
