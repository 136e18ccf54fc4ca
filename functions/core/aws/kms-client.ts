import { KMSClient } from '@aws-sdk/client-kms';
import { clientConfig } from './client-config';

/** The process's KMS client and the commands the project uses; load it through `kms()`. */
export { DecryptCommand, GenerateDataKeyCommand } from '@aws-sdk/client-kms';
export const client = new KMSClient(clientConfig(undefined));
