import {
  CreateBucketCommand,
  HeadBucketCommand,
  ListBucketsCommand,
  NotFound,
  PutBucketCorsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { clientConfig, probeOptions, succeeds } from './aws';
import type { Log } from './processes';

/**
 * An SDK client for s3rver at `endpoint`. Path-style addressing (`/bucket/key`) is what s3rver
 * serves on 127.0.0.1; the app's S3 client must set `forcePathStyle` when it has an endpoint too.
 */
export function s3Client(endpoint: string): S3Client {
  return new S3Client({ ...clientConfig(endpoint), forcePathStyle: true });
}

/** Whether an S3 service that accepts the local credentials answers through `client`. */
export function answersLikeS3(client: S3Client): Promise<boolean> {
  return succeeds(() => client.send(new ListBucketsCommand({}), probeOptions()));
}

/** A running s3rver, in this process. */
export interface LocalS3 {
  close(): Promise<void>;
}

/**
 * Starts s3rver in this process on 127.0.0.1:`port`, keeping buckets and objects as files under
 * `directory`. Its per-request log is off; server errors go to `log`.
 */
export async function startS3({
  port,
  directory,
  log,
}: {
  port: number;
  directory: string;
  log: Log;
}): Promise<LocalS3> {
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
  server.on('error', (error: Error & { status?: number }) => {
    if ((error.status ?? 500) >= 500) log(`s3rver: ${error.stack ?? error.message}`);
  });
  await server.run();
  return {
    close: async () => {
      // Keep-alive connections of SDK clients would otherwise hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
}

/**
 * Creates the uploads bucket unless it exists, and (re)sets its CORS rules: browsers upload with
 * presigned POSTs and read with presigned GETs from the SPA's origin.
 */
export async function ensureBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
  await client.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: ['*'],
            AllowedMethods: ['GET', 'PUT', 'POST'],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3000,
          },
        ],
      },
    }),
  );
}

/** "ok" when the bucket answers. */
export async function bucketHealth(client: S3Client, bucket: string): Promise<string> {
  await client.send(new HeadBucketCommand({ Bucket: bucket }), probeOptions());
  return 'ok';
}
