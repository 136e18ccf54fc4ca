import { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from '../env';
import { clientConfig } from './client-config';

/** The process's SES v2 client and the commands the project uses; load it through `ses()`. */
export { GetAccountCommand, SendEmailCommand } from '@aws-sdk/client-sesv2';
export const client = new SESv2Client(clientConfig(env().SES_ENDPOINT));
