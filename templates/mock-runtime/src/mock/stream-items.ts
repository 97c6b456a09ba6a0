/** What the mock's streams and the MSW handlers' seeded streams send, alike. */
import type { StreamSpec } from '@svc/runtime';
import { isRecord } from './paths.js';

/**
 * The item a mock stream sends at `index`: a server-sent event numbered by `id` (`index + 1`),
 * so that a client that reconnects with `Last-Event-ID` gets the rest; other items, and the data
 * of events described by their data's schema (`items: 'data'`), as they are.
 */
export const numberedItem = (spec: StreamSpec, item: unknown, index: number): unknown =>
  spec.format === 'sse' && spec.items !== 'data' && isRecord(item) ? { ...item, id: String(index + 1) } : item;
