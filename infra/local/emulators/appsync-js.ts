import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import vm from 'node:vm';

/**
 * A channel namespace's APPSYNC_JS handlers, run by the AppSync Events stand-in (`events.ts`) from
 * the very file that the CDK deploys (infra/cdk/appsync/displays-namespace.js), so that the rule a
 * display meets locally is the rule it meets in AWS. The file is evaluated in a context of its own
 * (node:vm) with a stand-in for AppSync's `util`: it may import nothing but
 * `import { util } from '@aws-appsync/utils'`, and declares its handlers as `export function`.
 * The stand-in runs `onSubscribe`; a file that declares `onPublish` is refused, rather than half
 * run.
 */

/** What a handler stopped the request with: AppSync answers it as `{ errorType, message }`. */
export class HandlerError extends Error {
  constructor(
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

/** The `ctx` AppSync Events hands a namespace's handler (the part the stand-in fills). */
export interface HandlerContext {
  /** With a Lambda authorizer: what it answered as `handlerContext`. */
  identity: { handlerContext?: Record<string, unknown> } | null;
  info: {
    channel: { path: string; segments: string[] };
    channelNamespace: { name: string };
    operation: 'SUBSCRIBE' | 'PUBLISH';
  };
  request: { headers: Record<string, string>; domainName: null };
  stash: Record<string, unknown>;
}

export interface NamespaceHandlers {
  /** Returns to admit the subscription; throws a {@link HandlerError} (`util.unauthorized()`) to refuse it. */
  onSubscribe?: (ctx: HandlerContext) => unknown;
}

/** The part of `@aws-appsync/utils`' `util` the stand-in offers. */
const util = Object.freeze({
  unauthorized(): never {
    throw new HandlerError('UnauthorizedException', 'You are not authorized to make this call.');
  },
  error(message: string, errorType?: string): never {
    throw new HandlerError(errorType ?? 'CodeHandlerError', String(message));
  },
  autoId: () => randomUUID(),
});

const UTIL_IMPORT = /^\s*import\s*\{\s*util\s*\}\s*from\s*['"]@aws-appsync\/utils['"]\s*;?[ \t]*$/m;

/** The handlers `source` (the text of an APPSYNC_JS namespace file) declares. */
export function evaluateNamespaceHandlers(source: string, filename: string): NamespaceHandlers {
  const code = source.replace(UTIL_IMPORT, '').replace(/^export\s+function\s+/gm, 'function ');
  if (/^\s*(import|export)\b/m.test(code))
    throw new Error(
      `${filename}: the local stand-in runs a namespace file that imports only ` +
        "`{ util } from '@aws-appsync/utils'` and declares its handlers as `export function`",
    );
  const found = vm.runInNewContext(
    `${code}\n;({ onSubscribe: typeof onSubscribe === 'function' ? onSubscribe : undefined,` +
      " onPublish: typeof onPublish === 'function' ? onPublish : undefined })",
    { util },
    { filename, timeout: 1_000 },
  ) as NamespaceHandlers & { onPublish?: unknown };
  if (found.onPublish)
    throw new Error(`${filename}: the local stand-in of AppSync Events does not run onPublish handlers`);
  return found.onSubscribe ? { onSubscribe: found.onSubscribe } : {};
}

/** Reads and evaluates a namespace file (see {@link evaluateNamespaceHandlers}). */
export async function loadNamespaceHandlers(file: string): Promise<NamespaceHandlers> {
  return evaluateNamespaceHandlers(await readFile(file, 'utf8'), file);
}
