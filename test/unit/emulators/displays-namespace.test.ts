import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  evaluateNamespaceHandlers,
  HandlerError,
  loadNamespaceHandlers,
  type HandlerContext,
} from '@infra/local/emulators/appsync-js';

/**
 * The `displays` namespace's onSubscribe handler (infra/cdk/appsync/displays-namespace.js), the
 * file the CDK deploys, run as the AppSync Events stand-in runs it: a display may hear its own
 * channel and no other.
 */
const file = path.resolve(import.meta.dirname, '../../../infra/cdk/appsync/displays-namespace.js');
const DEVICE = '01J9Z8Y7X6W5V4T3S2R1Q0P9N8';
const OTHER = '01J9Z8Y7X6W5V4T3S2R1Q0P9N9';

function subscribing(channel: string, identity: HandlerContext['identity']): HandlerContext {
  return {
    identity,
    info: {
      channel: { path: channel, segments: channel.slice(1).split('/') },
      channelNamespace: { name: 'displays' },
      operation: 'SUBSCRIBE',
    },
    request: { headers: {}, domainName: null },
    stash: {},
  };
}

/** What the handler does with a subscription: admits it, or the error AppSync answers. */
async function verdict(channel: string, identity: HandlerContext['identity']) {
  const { onSubscribe } = await loadNamespaceHandlers(file);
  try {
    onSubscribe!(subscribing(channel, identity));
    return 'admitted';
  } catch (error) {
    return error instanceof HandlerError ? error.errorType : `threw ${String(error)}`;
  }
}

describe('the displays namespace', () => {
  it('admits a device to its own channel, /displays/<its id>', async () => {
    expect(await verdict(`/displays/${DEVICE}`, { handlerContext: { deviceId: DEVICE } })).toBe('admitted');
  });

  it("refuses another device's channel, a wildcard, a deeper channel and a subscriber with no device", async () => {
    const mine = { handlerContext: { deviceId: DEVICE } };
    expect(await verdict(`/displays/${OTHER}`, mine)).toBe('UnauthorizedException');
    expect(await verdict('/displays/*', mine)).toBe('UnauthorizedException');
    expect(await verdict(`/displays/${DEVICE}/more`, mine)).toBe('UnauthorizedException');
    expect(await verdict(`/displays/${DEVICE}`, { handlerContext: {} })).toBe('UnauthorizedException');
    expect(await verdict(`/displays/${DEVICE}`, null)).toBe('UnauthorizedException');
  });

  it('is a file AppSync takes: one import of util, handlers exported, no onPublish', () => {
    const source = readFileSync(file, 'utf8');
    expect(source).toMatch(/^import \{ util \} from '@aws-appsync\/utils';$/m);
    expect(source).toMatch(/^export function onSubscribe\(ctx\)/m);
    expect(source).not.toMatch(/onPublish\s*\(/);
  });
});

describe('the stand-in of APPSYNC_JS', () => {
  it('refuses a file that imports anything else, or declares onPublish, rather than run half of it', () => {
    expect(() =>
      evaluateNamespaceHandlers("import { get } from 'lodash';\nexport function onSubscribe() {}", 'x.js'),
    ).toThrow('imports only');
    expect(() =>
      evaluateNamespaceHandlers('export function onPublish(ctx) { return ctx.events; }', 'x.js'),
    ).toThrow('does not run onPublish');
  });

  it("answers util.error with the handler's type and message", () => {
    const { onSubscribe } = evaluateNamespaceHandlers(
      "import { util } from '@aws-appsync/utils';\nexport function onSubscribe() { util.error('No', 'Closed'); }",
      'x.js',
    );
    expect(() => onSubscribe!(subscribing('/displays/x', null))).toThrow(
      expect.objectContaining({ errorType: 'Closed', message: 'No' }),
    );
  });
});
