import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetAccountCommand } from '@aws-sdk/client-sesv2';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../aws/cognito';
import { documentClient } from '../aws/dynamodb';
import { s3 } from '../aws/s3';
import { ses } from '../aws/ses';
import { env } from '../env';

export type DependencyState = 'ok' | string;

async function probe(check: () => Promise<unknown>): Promise<DependencyState> {
  try {
    await check();
    return 'ok';
  } catch (error) {
    return (error as Error).name || 'unreachable';
  }
}

/** Each dependency's state: 'ok' or the name of the error that reaching it raised. */
export async function dependencyStates(): Promise<
  Record<'dynamodb' | 's3' | 'cognito' | 'ses', DependencyState>
> {
  const e = env();
  const [dynamodb, s3State, cognitoState, sesState] = await Promise.all([
    probe(() => documentClient().send(new DescribeTableCommand({ TableName: e.TABLE_NAME }))),
    probe(() => s3().send(new HeadBucketCommand({ Bucket: e.UPLOADS_BUCKET }))),
    probe(() => cognito().send(new DescribeUserPoolCommand({ UserPoolId: e.CLIENT_USER_POOL_ID }))),
    probe(() => ses().send(new GetAccountCommand({}))),
  ]);
  return { dynamodb, s3: s3State, cognito: cognitoState, ses: sesState };
}
