/** The part of s3rver 3.x (which ships no types) that the emulators use. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    /** The HTTP server, once {@link run} has resolved. */
    httpServer: Server | undefined;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
