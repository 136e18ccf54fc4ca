import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { cognito } from '@core/aws/cognito';
import { documentClient } from '@core/aws/dynamodb';
import { s3 } from '@core/aws/s3';
import { ses } from '@core/aws/ses';
import { env } from '@core/env';

type DependencyState = 'ok' | string;

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
    probe(async () => {
      const aws = await s3();
      await aws.client.send(new aws.HeadBucketCommand({ Bucket: e.UPLOADS_BUCKET }));
    }),
    probe(async () => {
      const aws = await cognito();
      await aws.client.send(new aws.DescribeUserPoolCommand({ UserPoolId: e.CLIENT_USER_POOL_ID }));
    }),
    probe(async () => {
      const aws = await ses();
      await aws.client.send(new aws.GetAccountCommand({}));
    }),
  ]);
  return { dynamodb, s3: s3State, cognito: cognitoState, ses: sesState };
}
