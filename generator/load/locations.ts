/**
 * Source locations for JSON pointers: the YAML document keeps its node ranges, so a
 * pointer found by a validator can be reported as file:line:column. Building them costs
 * about as much as parsing again, so the map is built only when a location is asked for.
 */
import { createRequire } from 'node:module';
import type { Document, LineCounter, Node } from 'yaml';

/**
 * The YAML parser that keeps node ranges, loaded when a location is first asked for: a run
 * that reports no problem never needs it, and loading it costs about 40 ms and 9 MB.
 */
let yamlModule: typeof import('yaml') | undefined;
const yaml = (): typeof import('yaml') => (yamlModule ??= createRequire(import.meta.url)('yaml') as typeof import('yaml'));

export interface SourceMap {
  /** Line and column (1-based) of the node at a JSON pointer, or of its nearest existing parent. */
  locate(pointer: string): { line: number; column: number } | undefined;
  /** Pointers of every `$ref` whose value equals `ref`. */
  findRefs(ref: string): string[];
}

export const decodePointerToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');
export const encodePointerToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

export function parseYamlWithLocations(text: string): { doc: Document; lines: LineCounter } {
  const { LineCounter, parseDocument } = yaml();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  return { doc, lines };
}

/** A source map of `text` that parses it (with locations) on first use. */
export function lazySourceMap(text: string): SourceMap {
  let built: SourceMap | undefined;
  const get = (): SourceMap => {
    if (!built) {
      const { doc, lines } = parseYamlWithLocations(text);
      built = createSourceMap(doc, lines);
    }
    return built;
  };
  return { locate: (pointer) => get().locate(pointer), findRefs: (ref) => get().findRefs(ref) };
}

export function createSourceMap(doc: Document, lines: LineCounter): SourceMap {
  const { isMap, isScalar, isSeq } = yaml();
  const positionOf = (node: Node | null | undefined): { line: number; column: number } | undefined => {
    const offset = node?.range?.[0];
    return offset === undefined ? undefined : { line: lines.linePos(offset).line, column: lines.linePos(offset).col };
  };
  return {
    locate(pointer) {
      const tokens = pointer === '' ? [] : pointer.replace(/^#?\//, '').split('/').map(decodePointerToken);
      let node: unknown = doc.contents;
      let best = positionOf(doc.contents as Node);
      for (const token of tokens) {
        let next: unknown;
        if (isMap(node)) {
          const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === token);
          if (pair && isScalar(pair.key)) best = positionOf(pair.key) ?? best;
          next = pair?.value;
        } else if (isSeq(node)) next = node.items[Number(token)];
        if (next === undefined || next === null) return best;
        node = next;
        best = positionOf(node as Node) ?? best;
      }
      return best;
    },
    findRefs(ref) {
      const found: string[] = [];
      const walk = (node: unknown, pointer: string): void => {
        if (isMap(node)) {
          for (const pair of node.items) {
            if (!isScalar(pair.key)) continue;
            const key = String(pair.key.value);
            if (key === '$ref' && isScalar(pair.value) && pair.value.value === ref) found.push(pointer);
            walk(pair.value, `${pointer}/${encodePointerToken(key)}`);
          }
        } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, `${pointer}/${i}`));
      };
      walk(doc.contents, '');
      return found;
    },
  };
}
