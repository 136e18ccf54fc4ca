import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { logger } from '../logger';
import { metrics } from '../observability/metrics';

/**
 * A scheduled job's Lambda handler (functions/jobs/schedule.ts): EventBridge invokes it on the
 * job's rate and the event carries nothing it needs. It runs the job with the logger's context,
 * logs the run's report under `label`, and flushes the metrics the run added, once
 * (functions/core/observability/metrics.ts).
 */
export function scheduledHandler(label: string, run: () => Promise<unknown>) {
  return middy()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(logMetrics(metrics))
    .handler(async () => {
      const report = await run();
      logger.info(label, { report });
      return report;
    });
}
