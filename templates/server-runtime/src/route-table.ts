/**
 * Path matching without Hono, for the Node transport: path templates as a trie of segments.
 * It answers as the Hono app built from the same routes does: literal segments are tried
 * before templated ones (`/accounts/primary` before `/accounts/{id}`), and a template
 * parameter never matches an empty segment (`/items/` is not `/items/{id}`).
 */

/** What a lookup finds: the route, and the template parameters' decoded values, left to right. */
export interface RouteMatch<T> {
  entry: T;
  values: readonly string[];
}

/** A templated segment: `{id}`, or `{name}.json` and the like (matched by a pattern). */
interface DynamicChild<T> {
  key: string;
  /** The values the segment holds, or undefined when it does not match. */
  match: (decoded: string, raw: string) => readonly string[] | undefined;
  node: TrieNode<T>;
}

class TrieNode<T> {
  readonly literal = new Map<string, TrieNode<T>>();
  readonly dynamic: DynamicChild<T>[] = [];
  /** The routes that end here, by method. */
  readonly methods = new Map<string, T>();
}

/** `decodeURIComponent`, or the text itself when it is not well-formed percent-encoding. */
function decodeSegment(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function dynamicMatcher(segment: string): DynamicChild<never>['match'] {
  if (/^\{[^}]+\}$/.test(segment)) return (_decoded, raw) => (raw === '' ? undefined : [decodeSegment(raw)]);
  // `{name}.json`, `{a}-{b}`: each parameter takes at least one character, as few as it can.
  const source = segment
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '(.+?)' : escapeRegExp(part)))
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return (decoded) => {
    const found = pattern.exec(decoded);
    return found ? found.slice(1) : undefined;
  };
}

/** Templates split into segments; `{...}` marks a parameter. */
export class RouteTable<T> {
  readonly #root = new TrieNode<T>();

  /** Adds a route; of two routes for the same method and template, the first stays. */
  add(method: string, template: string, entry: T): void {
    let node = this.#root;
    for (const segment of template.split('/').slice(1)) {
      if (!segment.includes('{')) {
        let next = node.literal.get(segment);
        if (!next) node.literal.set(segment, (next = new TrieNode<T>()));
        node = next;
        continue;
      }
      // Parameter names do not matter for matching: `{id}` and `{account_id}` share a node.
      const key = segment.replace(/\{[^}]+\}/g, '{}');
      let child = node.dynamic.find((candidate) => candidate.key === key);
      if (!child) node.dynamic.push((child = { key, match: dynamicMatcher(segment), node: new TrieNode<T>() }));
      node = child.node;
    }
    if (!node.methods.has(method)) node.methods.set(method, entry);
  }

  /** The route for `method` at `pathname` (the raw path, without the query string), if there is one. */
  lookup(method: string, pathname: string): RouteMatch<T> | undefined {
    const values: string[] = [];
    const found = this.#walk(this.#root, pathname.split('/').slice(1), 0, values, method);
    return found ? { entry: found.methods.get(method)!, values } : undefined;
  }

  /** Depth first, literal children before templated ones; `values` holds the winning path's values. */
  #walk(
    node: TrieNode<T>,
    segments: readonly string[],
    at: number,
    values: string[],
    method: string,
  ): TrieNode<T> | undefined {
    if (at === segments.length) return node.methods.has(method) ? node : undefined;
    const raw = segments[at]!;
    const decoded = decodeSegment(raw);
    const literal = node.literal.get(decoded);
    if (literal) {
      const found = this.#walk(literal, segments, at + 1, values, method);
      if (found) return found;
    }
    for (const child of node.dynamic) {
      const held = child.match(decoded, raw);
      if (!held) continue;
      const mark = values.length;
      values.push(...held);
      const found = this.#walk(child.node, segments, at + 1, values, method);
      if (found) return found;
      values.length = mark;
    }
    return undefined;
  }
}
