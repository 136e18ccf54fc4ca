import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../env';

/** The process's Cognito client and the commands the project uses; load it through `cognito()`. */
export {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
export const client = new CognitoIdentityProviderClient({
  endpoint: env().COGNITO_ENDPOINT,
  region: env().AWS_REGION,
});
