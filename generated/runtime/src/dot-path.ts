// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** Reads dot paths (`pagination.next_uri`) into parsed JSON bodies. */
import { ownProperty } from './own.js';

/**
 * The value at `path` in `value`, or undefined when any step is missing.
 *
 * @example readPath({ data: { epoch: 1 } }, 'data.epoch') // 1
 */
export function readPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    // Own properties only: a path must not reach Object.prototype members such as `constructor`.
    current = ownProperty(current, key);
  }
  return current;
}
