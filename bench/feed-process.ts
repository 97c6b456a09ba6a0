/**
 * The feed measurement in a process of its own (`node --import tsx bench/feed-process.ts`):
 * prints the result as one JSON line. In the bench's own process the feed ran after the
 * validation section, whose many schemas leave zod's shared code slower for every schema
 * that follows (0.45x JSON.parse there, 0.54x alone); `JSON.parse` is not affected.
 */
import { benchFeed } from './feed.js';

console.log(JSON.stringify(await benchFeed(Number(process.argv[2] ?? 120_000))));
