/** The part of ws 7.x (which ships no types) that the push channel's stand-in uses (events.ts). */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  class WebSocket extends EventEmitter {
    static readonly OPEN: 1;
    readonly readyState: 0 | 1 | 2 | 3;
    readonly protocol: string;
    readonly bufferedAmount: number;
    send(data: string, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: string | Buffer) => void): this;
    on(event: 'close', listener: (code: number, reason: string) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
  }

  namespace WebSocket {
    interface ServerOptions {
      noServer: true;
      /** Larger messages close the socket (1009). */
      maxPayload?: number;
      clientTracking?: boolean;
      perMessageDeflate?: boolean;
      /** Picks the subprotocol from those the client offered (ws 7: an array; ws 8: a Set). */
      handleProtocols?: (protocols: string[] | Set<string>, request: IncomingMessage) => string | false;
    }

    class Server extends EventEmitter {
      constructor(options: ServerOptions);
      handleUpgrade(
        request: IncomingMessage,
        socket: Duplex,
        head: Buffer,
        callback: (socket: WebSocket, request: IncomingMessage) => void,
      ): void;
      close(callback?: () => void): void;
    }
  }

  export default WebSocket;
}
