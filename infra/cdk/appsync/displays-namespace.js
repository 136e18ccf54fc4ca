/**
 * The `displays` channel namespace of the displays' push channel (AppSync Events; docs/architecture.md
 * §7), in APPSYNC_JS. The Lambda authorizer (functions/device/channel-authorizer.ts) has named the
 * device whose token came with the subscription; a display hears its own channel,
 * `/displays/<deviceId>`, and no other: neither another device's nor a wildcard. Publishing is the
 * API's alone (IAM), so there is no onPublish.
 *
 * The local stand-in of AppSync Events runs this same file (infra/local/emulators/appsync-js.ts):
 * keep to one import of `util` and handlers declared as `export function`.
 */
import { util } from '@aws-appsync/utils';

export function onSubscribe(ctx) {
  const handlerContext = ctx.identity && ctx.identity.handlerContext;
  const deviceId = handlerContext && handlerContext.deviceId;
  if (!deviceId || ctx.info.channel.path !== `/displays/${deviceId}`) {
    util.unauthorized();
  }
}
