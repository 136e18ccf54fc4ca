import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../env';

/**
 * One client per AWS service per process, created on first use. Endpoints come from
 * configuration: set for the local emulators, absent in AWS.
 */
function lazy<T>(create: () => T): () => T {
  let instance: T | undefined;
  return () => (instance ??= create());
}

export const documentClient = lazy(() =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: env().DYNAMODB_ENDPOINT, region: env().AWS_REGION }),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  ),
);

export const s3 = lazy(
  () =>
    new S3Client({
      endpoint: env().S3_ENDPOINT,
      region: env().AWS_REGION,
      forcePathStyle: !!env().S3_ENDPOINT,
    }),
);

export const ses = lazy(() => new SESv2Client({ endpoint: env().SES_ENDPOINT, region: env().AWS_REGION }));

export const cognito = lazy(
  () => new CognitoIdentityProviderClient({ endpoint: env().COGNITO_ENDPOINT, region: env().AWS_REGION }),
);
