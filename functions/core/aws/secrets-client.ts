import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { clientConfig } from './client-config';

/** The process's Secrets Manager client; load it through `secrets()`. */
export { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
export const client = new SecretsManagerClient(clientConfig(undefined));
