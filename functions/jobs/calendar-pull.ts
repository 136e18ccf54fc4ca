import { logger } from '../http/logger';
import { runPulls } from '../services/calendars/pull';

export { runPulls };

/** The calendar pull job's Lambda (functions/jobs/schedule.ts): EventBridge invokes it every 5 minutes. */
export const handler = async (): Promise<unknown> => {
  const report = await runPulls();
  logger.info('Calendar pull', { report });
  return report;
};
