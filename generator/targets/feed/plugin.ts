/** Declaration of target `feed` (its code: ./index.ts). */
import type { TargetPlugin } from '../target.js';

export const feedPlugin: TargetPlugin = {
  name: 'feed',
  needs: ['types', 'zod'],
  // What the feed client imports of it.
  defines: { './messages.js': ['parseFeedMessage', 'AnyServerMessage'] },
  declares: ['messages', 'clientMessageSchema', 'serverMessageSchema', 'AnyClientMessage', 'FeedParseResult', 'MessageParseResult', 'RawFrame', 'parseMessage', 'MessageTypesMatch'],
  readme: { exports: 'readme/feed.exports.md.hbs', usage: 'readme/feed.usage.md.hbs' },
  load: async () => (await import('./index.js')).feedTarget,
};
