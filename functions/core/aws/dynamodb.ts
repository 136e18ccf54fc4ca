import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../env';
import { clientConfig } from './client-config';
import { lazy } from './lazy';

/** The process's DocumentClient; the endpoint is set only for DynamoDB Local. */
export const documentClient = lazy(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig(env().DYNAMODB_ENDPOINT)), {
    marshallOptions: { removeUndefinedValues: true },
  }),
);
