import { fileURLToPath } from 'node:url';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { API_BASE } from '@shared/api/contract';
import { metricsEnvironment } from '@core/observability/catalogue';
import type { StageConfig } from '../config';
import type { UsersPool } from './auth-stack';

/** What the stacks of functions (the API's route groups, the scheduled jobs) are built from. */
export interface ServiceProps {
  readonly config: StageConfig;
  /** The SPA's origin (APP_URL), used for links in e-mails. */
  readonly appUrl: string;
  /** The Data stack's table; the uploads bucket is found by `config.uploadsBucketName`. */
  readonly table: ITable;
  /** The Data stack's key for linked calendars' tokens. */
  readonly calendarKey: IKey;
  readonly clientPool: UsersPool;
  readonly adminPool: UsersPool;
  /** Where the handler modules live. @default the repository's functions/ */
  readonly functionsDir?: string;
}

export const defaultFunctionsDir = () => fileURLToPath(new URL('../../../functions', import.meta.url));

/**
 * What functions/core/env.ts requires of every Lambda: the stage, where mail comes from, the uploads
 * bucket and the pools (their ids are names, not access: access is granted function by function).
 * `TABLE_NAME` is added where the table is bound. A stage with its own `appUrl` also names the
 * API's public base (`CALENDAR_WEBHOOK_URL`, CloudFront's `/api/*`), where the calendar providers
 * post their change notifications; without one there is no address to give them, and the pull
 * job's schedule alone reads linked calendars.
 */
export function serviceEnvironment(props: ServiceProps): Record<string, string> {
  const { config } = props;
  return {
    ...(config.appUrl ? { CALENDAR_WEBHOOK_URL: `${config.appUrl}${API_BASE}` } : {}),
    ...metricsEnvironment(config.stage),
    STAGE: config.stage,
    LOG_LEVEL: config.logLevel,
    APP_URL: props.appUrl,
    MAIL_FROM: config.mailFrom,
    UPLOADS_BUCKET: config.uploadsBucketName,
    CLIENT_USER_POOL_ID: props.clientPool.pool.userPoolId,
    CLIENT_USER_POOL_CLIENT_ID: props.clientPool.client.userPoolClientId,
    ADMIN_USER_POOL_ID: props.adminPool.pool.userPoolId,
    ADMIN_USER_POOL_CLIENT_ID: props.adminPool.client.userPoolClientId,
  };
}
