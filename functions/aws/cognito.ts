import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../env';
import { lazy } from './lazy';

export const cognito = lazy(
  () => new CognitoIdentityProviderClient({ endpoint: env().COGNITO_ENDPOINT, region: env().AWS_REGION }),
);
