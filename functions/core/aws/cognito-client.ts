import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../env';
import { clientConfig } from './client-config';

/** The process's Cognito client and the commands the project uses; load it through `cognito()`. */
export {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
export const client = new CognitoIdentityProviderClient(clientConfig(env().COGNITO_ENDPOINT));
