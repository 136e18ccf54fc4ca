import { SESv2Client } from '@aws-sdk/client-sesv2';
import { env } from '../env';
import { lazy } from './lazy';

export const ses = lazy(() => new SESv2Client({ endpoint: env().SES_ENDPOINT, region: env().AWS_REGION }));
