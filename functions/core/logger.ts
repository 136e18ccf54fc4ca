import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';

/** The one logger of the API and jobs: JSON lines with request, account and user appended per request. */
export const logger = new Logger({
  serviceName: 'spaces',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as LogLevel,
});
