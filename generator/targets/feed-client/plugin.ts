/** Declaration of target `feed-client` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const feedClientPlugin: TargetPlugin = {
  name: 'feed-client',
  part: 'client',
  needs: ['types', 'feed'],
  entryPoint: 'client',
  declares: ['FeedSocketClient', 'FeedClientOptions', 'FeedSpec', 'feedSpec', 'FeedChannelMessages', 'FeedSubscribeOptions', 'FeedChannelName', 'FeedPublicChannel', 'AllowedChannel', 'SubscribeArgs'],
  // The runtime's feed connection opens a `ws` socket on Node, where there is no global WebSocket.
  peerDependencies: { ws: '^8.18.0' },
  load: async () => (await import('./index.js')).feedClientTarget,
};
