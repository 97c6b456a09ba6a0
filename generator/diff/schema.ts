/**
 * Compares two schemas of the model, judged by direction (who writes the value). `$ref`s are
 * followed and object-only `allOf`s merged before comparing, so a schema moved under another
 * name, or split into composed parts, without changing what it accepts is no change.
 */
import type { ApiModel, NamedSchema, ObjectNode, PropertyModel, SchemaNode, StringNode, UnionNode } from '../model/types.js';
import { describePath, show, within, type Change, type ChangeCollector, type Scope, type Site } from './change.js';
import { sunsetOf } from './lifecycle.js';
import { boundKeyword, boundRuleOf, type BoundChange } from './oasdiff.js';
import type { Direction, SchemaRule } from './rules.js';

/** One side of the comparison: its model, with named schemas by key. */
export class SchemaSide {
  private readonly byKey: Map<string, NamedSchema>;
  private readonly shapes = new Map<string, unknown>();
  /** `shapeOf` by node: the comparison asks it of the same shared schema from every operation that uses it. */
  private readonly printedShapes = new WeakMap<SchemaNode, string>();
  private readonly merging = new Set<SchemaNode>();

  constructor(readonly model: ApiModel) {
    this.byKey = new Map(model.schemas.map((s) => [s.key, s]));
  }

  named(key: string): NamedSchema | undefined {
    return this.byKey.get(key);
  }

  /**
   * The node as callers see it: references followed, `null` variants folded into `nullable`,
   * single variants unwrapped, object-only `allOf`s merged, string literals read as enums.
   */
  resolve(node: SchemaNode): SchemaNode {
    let current = node;
    let nullable = node.nullable === true;
    const seen = new Set<string>();
    for (;;) {
      if (current.kind === 'ref') {
        const target = seen.has(current.target) ? undefined : this.byKey.get(current.target);
        if (!target) return current;
        seen.add(current.target);
        current = target.schema;
        nullable ||= current.nullable === true;
        continue;
      }
      if (current.kind === 'union') {
        const nonNull = current.variants.filter((v) => !this.isNull(v));
        if (nonNull.length < current.variants.length) nullable = true;
        if (nonNull.length === 1) {
          current = { ...nonNull[0]!, pointer: nonNull[0]!.pointer ?? current.pointer };
          nullable ||= current.nullable === true;
          continue;
        }
        if (nonNull.length < current.variants.length) current = { ...current, variants: nonNull };
      }
      if (current.kind === 'intersection') {
        const merged = this.mergeObjects(current);
        if (merged) current = merged;
      }
      if (current.kind === 'literal' && current.values.every((v) => typeof v === 'string')) {
        current = { ...current, kind: 'string', enum: current.values as string[] } as StringNode;
      }
      break;
    }
    return nullable === (current.nullable === true) ? current : { ...current, nullable };
  }

  /** A `null` schema, through references (never through unions: those may be recursive). */
  private isNull(node: SchemaNode): boolean {
    const seen = new Set<string>();
    let current: SchemaNode | undefined = node;
    while (current?.kind === 'ref' && !seen.has(current.target)) {
      seen.add(current.target);
      current = this.byKey.get(current.target)?.schema;
    }
    return current?.kind === 'null';
  }

  /** `allOf` whose parts are all objects (or annotation-only schemas): one object, as JSON Schema evaluates it. */
  private mergeObjects(node: SchemaNode & { kind: 'intersection' }): ObjectNode | undefined {
    // An allOf that reaches itself through its parts stays an allOf.
    if (this.merging.has(node)) return undefined;
    this.merging.add(node);
    let parts: SchemaNode[];
    try {
      parts = node.parts.map((p) => this.resolve(p));
    } finally {
      this.merging.delete(node);
    }
    if (!parts.every((p) => p.kind === 'object' || (p.kind === 'unknown' && !p.byType))) return undefined;
    const objects = parts.filter((p): p is ObjectNode => p.kind === 'object');
    const properties = new Map<string, PropertyModel>();
    for (const object of objects) {
      for (const property of object.properties) {
        const earlier = properties.get(property.name);
        const same = earlier !== undefined && this.shapeOf(earlier.schema) === this.shapeOf(property.schema);
        properties.set(
          property.name,
          earlier
            ? same
              ? { ...earlier, required: earlier.required || property.required }
              : { name: property.name, required: earlier.required || property.required, schema: { kind: 'intersection', parts: [earlier.schema, property.schema], pointer: property.schema.pointer } }
            : property,
        );
      }
    }
    // A property listed as required by one part and declared by another is required.
    const required = new Set(objects.flatMap((o) => o.properties.filter((p) => p.required).map((p) => p.name)));
    const merged: ObjectNode = {
      kind: 'object',
      properties: [...properties.values()].map((p) => (required.has(p.name) ? { ...p, required: true } : p)),
      additionalProperties: objects.some((o) => o.additionalProperties === false) ? false : (objects.find((o) => typeof o.additionalProperties === 'object')?.additionalProperties ?? true),
    };
    if (node.pointer !== undefined) merged.pointer = node.pointer;
    if (node.nullable) merged.nullable = true;
    const mins = objects.map((o) => o.minProperties).filter((n): n is number => n !== undefined);
    const maxes = objects.map((o) => o.maxProperties).filter((n): n is number => n !== undefined);
    if (mins.length > 0) merged.minProperties = Math.max(...mins);
    if (maxes.length > 0) merged.maxProperties = Math.min(...maxes);
    return merged;
  }

  /**
   * What the node accepts, as a canonical string without annotations or source locations: equal
   * strings, equal shapes. References are expanded three levels deep (then compared by name),
   * which keeps the cost bounded on large, densely referenced documents.
   */
  shapeOf(node: SchemaNode): string {
    let shape = this.printedShapes.get(node);
    if (shape === undefined) {
      shape = JSON.stringify(this.canonical(node, SHAPE_DEPTH));
      this.printedShapes.set(node, shape);
    }
    return shape;
  }

  private canonical(node: SchemaNode, depth: number): unknown {
    if (node.kind === 'ref') {
      if (depth === 0 || !this.byKey.has(node.target)) return { ref: node.target, nullable: node.nullable === true };
      const key = `${node.target}|${depth}|${node.nullable === true}`;
      if (!this.shapes.has(key)) this.shapes.set(key, this.canonical(this.resolve(node), depth - 1));
      return this.shapes.get(key);
    }
    const resolved = this.resolve(node);
    if (resolved.kind === 'ref') return { ref: resolved.target };
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(resolved)) {
      if (IGNORED_IN_SHAPE.has(key) || value === undefined) continue;
      out[key] = this.canonicalValue(value, depth);
    }
    if (resolved.kind === 'object') out.properties = [...resolved.properties].sort((a, b) => (a.name < b.name ? -1 : 1)).map((p) => [p.name, p.required, this.canonical(p.schema, depth)]);
    if ((resolved.kind === 'string' || resolved.kind === 'number') && resolved.enum) out.enum = [...resolved.enum].sort();
    return out;
  }

  private canonicalValue(value: unknown, depth: number): unknown {
    if (Array.isArray(value)) return value.map((v) => this.canonicalValue(v, depth));
    if (value !== null && typeof value === 'object') {
      if (typeof (value as { kind?: unknown }).kind === 'string') return this.canonical(value as SchemaNode, depth);
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !IGNORED_IN_SHAPE.has(key))
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => [k, this.canonicalValue(v, depth)]),
      );
    }
    return value;
  }
}

const SHAPE_DEPTH = 3;

/** How a value travels: as JSON, as text (a parameter), or in a loosely typed body (XML, a form, plain text). */
export type Carrier = 'json' | 'text' | 'loose';

/** Patterns every string matches. */
const MATCHES_ANYTHING = new Set(['.*', '^.*$', '^.*', '.*$', '[\\s\\S]*', '^[\\s\\S]*$']);

/** A parameter itself (`query limit`), not a property inside it. */
const isParameter = (scope: Scope): boolean => /^(?:query|path|header|cookie|querystring) [^.[ ]+$/.test(scope.path);

/** Keys that document a schema without changing what it accepts. */
const IGNORED_IN_SHAPE = new Set(['pointer', 'description', 'title', 'examples', 'extensions', 'stateMachine', 'mockIdField', 'deprecated', 'variantTags', 'defaultVariant', 'typeList']);

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Each pair of named schemas is compared once per API, where it is first reached: a change
 * inside a shared schema is reported there, and lists the other operations (webhooks,
 * messages) that reach it in `alsoIn`. So the work and the report stay proportional to the
 * schemas, not to the paths through them, even on large, densely referenced documents.
 */
export class SchemaComparer {
  /** Pairs being compared, innermost last. */
  private readonly open: string[] = [];
  private readonly done = new Set<string>();
  /** Pair -> the operations (subjects) that reach it. */
  private readonly reachedFrom = new Map<string, Set<string>>();
  /** Change -> the pairs it was found inside. */
  private readonly foundInside = new Map<Change, string[]>();
  /** How the values compared now travel (see `compare`). */
  private carrier: Carrier = 'json';
  /** Inside an odd number of `not`s: judged in the opposite direction, named by the keyword's own. */
  private negated = false;

  constructor(
    readonly base: SchemaSide,
    readonly head: SchemaSide,
    private readonly out: ChangeCollector,
  ) {}

  /**
   * `carrier`: how the value travels, where the caller knows: `text` for a parameter, `loose`
   * for a body whose media type is not JSON (XML, a form, plain text), where a value of one
   * type may be read as another (`1` as the string "1"). Nested comparisons keep it. A shared
   * schema is still compared once, with the carrier of the place it is first reached from.
   */
  compare(a: SchemaNode | undefined, b: SchemaNode | undefined, direction: Direction, scope: Scope, carrier?: Carrier): void {
    if (!a || !b) return;
    if (carrier !== undefined && carrier !== this.carrier) {
      const outer = this.carrier;
      this.carrier = carrier;
      try {
        this.compare(a, b, direction, scope);
      } finally {
        this.carrier = outer;
      }
      return;
    }
    const pairKey = a.kind === 'ref' || b.kind === 'ref' ? `${direction}|${a.kind === 'ref' ? a.target : ''}|${b.kind === 'ref' ? b.target : ''}` : undefined;
    const run = (): void => this.compareResolved(this.base.resolve(a), this.head.resolve(b), direction, scope, { basePointer: a.pointer, headPointer: b.pointer });
    if (pairKey === undefined) return run();
    if (!this.reachedFrom.has(pairKey)) this.reachedFrom.set(pairKey, new Set());
    this.reachedFrom.get(pairKey)!.add(scope.subject);
    // A reference cycle, or a pair compared already: its changes are reported where it was first reached.
    if (this.open.includes(pairKey) || this.done.has(pairKey)) return;
    this.open.push(pairKey);
    try {
      run();
    } finally {
      this.open.pop();
      this.done.add(pairKey);
    }
  }

  /** Writes `alsoIn` (the other operations that reach a changed shared schema) on the changes. */
  finish(): void {
    // Thousands of changes inside one shared schema were found from the same pairs: their subjects are gathered and sorted once.
    const reached = new Map<string, string[]>();
    for (const [change, pairs] of this.foundInside) {
      const key = pairs.join('\0');
      let subjects = reached.get(key);
      if (subjects === undefined) {
        const gathered = new Set<string>();
        for (const pair of pairs) for (const subject of this.reachedFrom.get(pair) ?? []) gathered.add(subject);
        subjects = [...gathered].sort();
        reached.set(key, subjects);
      }
      // Not where the change is reported (the location's first part), nor any subject its location starts with.
      const location = change.location;
      const within = new Set([location.split(' › ')[0]!]);
      for (let at = location.indexOf(' › '); at >= 0; at = location.indexOf(' › ', at + 1)) within.add(location.slice(0, at));
      const others = subjects.filter((subject) => !within.has(subject));
      if (others.length > 0) change.alsoIn = others;
    }
  }

  private emit(id: string, scope: Scope, site: Site, message: string, keyword?: string): void {
    // Inside `not` a change is judged in the opposite direction but named by the keyword's own.
    const namedAs = this.negated ? id.replace(/^(request|response)-/, (_, d: string) => (d === 'request' ? 'response-' : 'request-')) : id;
    const change = this.out.report(id, scope, site, message, keyword, namedAs);
    if (this.open.length > 0) this.foundInside.set(change, [...this.open]);
  }

  /** `keyword`: oasdiff's name for what changed, where the rule leaves it open (`max-length-decreased`). */
  private report(rule: SchemaRule, direction: Direction, scope: Scope, site: Site, message: string, keyword?: string): void {
    this.emit(`${direction}-${rule}`, scope, site, message, keyword);
  }

  private compareResolved(a: SchemaNode, b: SchemaNode, direction: Direction, scope: Scope, written: Site): void {
    const site: Site = { basePointer: a.pointer ?? written.basePointer, headPointer: b.pointer ?? written.headPointer };
    const where = describePath(scope);
    if ((a.nullable === true) !== (b.nullable === true)) {
      this.report(b.nullable ? 'nullable-added' : 'nullable-removed', direction, scope, site, `${where} ${b.nullable ? 'may now be null' : 'may no longer be null'}`);
    }
    if (!sameJson(a.default, b.default)) {
      const change = a.default === undefined ? 'added' : b.default === undefined ? 'removed' : 'changed';
      this.report(isParameter(scope) ? 'parameter-default-changed' : 'default-changed', direction, scope, site, `the default of ${where} changed from ${a.default === undefined ? 'none' : show(a.default)} to ${b.default === undefined ? 'none' : show(b.default)}`, `default-value-${change}`);
    }
    this.compareApplicators(a, b, direction, scope, site);
    this.compareExtensibleEnum(a, b, direction, scope, site);
    this.compareStrayBounds(a, b, direction, scope, site);
    if (a.contentSchema && b.contentSchema) this.compare(a.contentSchema, b.contentSchema, direction, within(scope, '(content)'));
    else if (a.contentSchema || b.contentSchema) {
      const added = b.contentSchema !== undefined;
      this.report(added ? 'content-schema-added' : 'content-schema-removed', direction, scope, site, `the content ${where} carries ${added ? 'must now match' : 'need no longer match'} a schema (contentSchema)`);
    }
    if (a.kind === 'union' || b.kind === 'union') {
      this.compareUnions(a, b, direction, scope, site);
      return;
    }
    if (a.kind === 'unknown' || b.kind === 'unknown') {
      if (a.kind === 'unknown' && b.kind === 'unknown') {
        for (const type of ['object', 'array', 'string', 'number'] as const) {
          const [x, y] = [a.byType?.[type], b.byType?.[type]];
          if (x && y) this.compareResolved(x, y, direction, scope, site);
          else if (x || y) this.report(x ? 'type-widened' : 'type-narrowed', direction, scope, site, `${where}: the constraints on ${type} values were ${x ? 'removed' : 'added'}`);
        }
      } else if (a.kind === 'unknown') {
        this.report('type-narrowed', direction, scope, site, `${where} was any value and is now ${kindName(b)}`);
      } else {
        this.report('type-widened', direction, scope, site, `${where} was ${kindName(a)} and is now any value`);
      }
      return;
    }
    if (a.kind !== b.kind) {
      if (a.kind === 'intersection' || b.kind === 'intersection') {
        // One side is an allOf the other is not: the schema on the other side taken as its only part.
        const parts = (node: SchemaNode): SchemaNode & { kind: 'intersection' } => (node.kind === 'intersection' ? node : { kind: 'intersection', parts: [node] });
        if (this.base.shapeOf(a) !== this.head.shapeOf(b)) this.compareParts(parts(a), parts(b), direction, scope, site);
        return;
      }
      this.reportTypeChange(a, b, direction, scope, site);
      return;
    }
    this.compareFormat(a, b, direction, scope, site);
    switch (a.kind) {
      case 'string':
        this.compareString(a, b as StringNode, direction, scope, site);
        break;
      case 'number': {
        const y = b as typeof a;
        if (a.integer !== y.integer) {
          this.report(a.integer ? 'type-widened' : 'type-narrowed', direction, scope, site, `${where} changed from ${a.integer ? 'integer to number' : 'number to integer'}`);
        }
        this.bound('min', 'minimum', a.minimum, y.minimum, direction, scope, site);
        this.bound('max', 'maximum', a.maximum, y.maximum, direction, scope, site);
        this.bound('min', 'exclusiveMinimum', a.exclusiveMinimum, y.exclusiveMinimum, direction, scope, site);
        this.bound('max', 'exclusiveMaximum', a.exclusiveMaximum, y.exclusiveMaximum, direction, scope, site);
        if (a.multipleOf !== y.multipleOf) this.report('multiple-of-changed', direction, scope, site, `\`multipleOf\` of ${where} changed from ${a.multipleOf ?? 'none'} to ${y.multipleOf ?? 'none'}`);
        if (!this.compareConst(a.enum, y.enum, direction, scope, site)) this.compareEnum(a.enum, y.enum, false, false, direction, scope, site);
        break;
      }
      case 'literal':
        if (!this.compareConst(a.values, (b as typeof a).values, direction, scope, site)) this.compareEnum(a.values, (b as typeof a).values, false, false, direction, scope, site);
        break;
      case 'array': {
        const y = b as typeof a;
        this.bound('min', 'minItems', a.minItems, y.minItems, direction, scope, site);
        this.bound('max', 'maxItems', a.maxItems, y.maxItems, direction, scope, site);
        if ((a.uniqueItems === true) !== (y.uniqueItems === true)) {
          this.report(y.uniqueItems ? 'unique-items-added' : 'unique-items-removed', direction, scope, site, `items of ${where} ${y.uniqueItems ? 'must now be unique' : 'need no longer be unique'}`);
        }
        this.compareContains(a, y, direction, scope, site);
        const [prefixA, prefixB] = [a.prefixItems?.length ?? 0, y.prefixItems?.length ?? 0];
        // Positions checked by their own schema on one side only: added or removed as a whole.
        if (prefixB > prefixA) this.report('prefix-items-added', direction, scope, site, `items ${prefixA}..${prefixB - 1} of ${where} are now checked by their own schemas (prefixItems)`);
        else if (prefixA > prefixB) this.report('prefix-items-removed', direction, scope, site, `items ${prefixB}..${prefixA - 1} of ${where} are no longer checked by their own schemas (prefixItems)`);
        for (let i = 0; i < Math.min(prefixA, prefixB); i++) this.compare(a.prefixItems![i], y.prefixItems![i], direction, within(scope, `[${i}]`));
        this.compare(a.items, y.items, direction, within(scope, '[]'));
        break;
      }
      case 'object':
        this.compareObject(a, b as ObjectNode, direction, scope, site);
        break;
      case 'intersection':
        this.compareParts(a, b as typeof a, direction, scope, site);
        break;
      default:
        break;
    }
  }

  /**
   * The parts of two `allOf`s that are not objects alone (those are merged): equal parts
   * (repeated ones counted once) paired first, then the rest in order; a part left over on one
   * side was added (every value must now match it too) or removed.
   */
  private compareParts(a: SchemaNode & { kind: 'intersection' }, b: SchemaNode & { kind: 'intersection' }, direction: Direction, scope: Scope, site: Site): void {
    const distinct = (side: SchemaSide, parts: SchemaNode[]): { node: SchemaNode; shape: string }[] => {
      const byShape = new Map<string, SchemaNode>();
      for (const node of parts) {
        const shape = side.shapeOf(node);
        if (!byShape.has(shape)) byShape.set(shape, node);
      }
      return [...byShape].map(([shape, node]) => ({ node, shape }));
    };
    const [x, y] = [distinct(this.base, a.parts), distinct(this.head, b.parts)];
    const restB = y.filter((q) => !x.some((p) => p.shape === q.shape));
    const restA = x.filter((p) => !y.some((q) => q.shape === p.shape));
    const paired = Math.min(restA.length, restB.length);
    for (let i = 0; i < paired; i++) this.compare(restA[i]!.node, restB[i]!.node, direction, scope);
    const where = describePath(scope);
    const named = (node: SchemaNode): string => (node.kind === 'ref' ? ` (\`${node.target}\`)` : '');
    for (const q of restB.slice(paired)) this.report('all-of-added', direction, scope, { ...site, headPointer: q.node.pointer ?? site.headPointer }, `${where} must now also match an added allOf part${named(q.node)}`);
    for (const p of restA.slice(paired)) this.report('all-of-removed', direction, scope, { ...site, basePointer: p.node.pointer ?? site.basePointer }, `${where} need no longer match a removed allOf part${named(p.node)}`);
  }

  /**
   * Bounds written on a type they do not apply to (the model's `strayBounds`): validators ignore
   * them, but whoever wrote one may enforce it, so its changes are judged as the bound's own.
   */
  private compareStrayBounds(a: SchemaNode, b: SchemaNode, direction: Direction, scope: Scope, site: Site): void {
    const [x, y] = [a.strayBounds ?? {}, b.strayBounds ?? {}];
    for (const keyword of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) {
      this.bound(/^(?:min|exclusiveMin)/.test(keyword) ? 'min' : 'max', keyword, x[keyword], y[keyword], direction, scope, site, ` (\`${keyword}\` does not apply to its type: validators ignore it)`);
    }
  }

  /** `x-extensible-enum` (Zalando's guidelines): the values known today; others may come. */
  private compareExtensibleEnum(a: SchemaNode, b: SchemaNode, direction: Direction, scope: Scope, site: Site): void {
    const valuesOf = (node: SchemaNode): unknown[] | undefined => {
      const values = node.extensions?.['x-extensible-enum'];
      return Array.isArray(values) ? values : undefined;
    };
    const [x, y] = [valuesOf(a), valuesOf(b)];
    if (!x || !y) return;
    const where = describePath(scope);
    for (const value of x) if (!y.some((v) => sameJson(v, value))) this.report('extensible-enum-value-removed', direction, scope, site, `value ${show(value)} was removed from the \`x-extensible-enum\` of ${where}`);
    for (const value of y) if (!x.some((v) => sameJson(v, value))) this.report('extensible-enum-value-added', direction, scope, site, `value ${show(value)} was added to the \`x-extensible-enum\` of ${where}`);
  }

  private compareFormat(a: SchemaNode, b: SchemaNode, direction: Direction, scope: Scope, site: Site): void {
    if (a.format === b.format) return;
    const where = describePath(scope);
    if (a.format === undefined) this.report('format-added', direction, scope, site, `${where} now has format \`${b.format}\``);
    else if (b.format === undefined) this.report('format-removed', direction, scope, site, `${where} lost its format \`${a.format}\``);
    else this.report('format-changed', direction, scope, site, `the format of ${where} changed from \`${a.format}\` to \`${b.format}\``);
  }

  /**
   * The applicators any schema may carry: `not` (compared in the opposite direction),
   * `if`/`then`/`else` and `unevaluatedProperties`/`unevaluatedItems`.
   */
  private compareApplicators(a: SchemaNode, b: SchemaNode, direction: Direction, scope: Scope, site: Site): void {
    const where = describePath(scope);
    // A value is valid when it fails `not`: what the `not` schema newly accepts, the whole newly
    // refuses. So its changes are judged in the opposite direction.
    if (a.not && b.not) {
      this.negated = !this.negated;
      try {
        this.compare(a.not, b.not, direction === 'request' ? 'response' : 'request', within(scope, '(not)'));
      } finally {
        this.negated = !this.negated;
      }
    } else if (a.not || b.not) this.report(b.not ? 'not-added' : 'not-removed', direction, scope, site, `${where} ${b.not ? 'must now fail a `not` schema' : 'no longer has to fail its `not` schema'}`);
    const [x, y] = [a.conditional, b.conditional];
    if (x && !y) this.report('if-removed', direction, scope, site, `${where} lost its \`if\`/\`then\`/\`else\` condition`);
    else if (!x && y) this.report('if-added', direction, scope, site, `${where} now has an \`if\`/\`then\`/\`else\` condition`);
    // A branch comes and goes with its condition; oasdiff names each (\`then-added\` …) apart.
    for (const branch of ['then', 'else'] as const) {
      if (x?.[branch] && !y) this.report(`${branch}-removed`, direction, scope, site, `${where}: the \`${branch}\` of the removed condition went with it`);
      else if (!x && y?.[branch]) this.report(`${branch}-added`, direction, scope, site, `${where}: the added condition has a \`${branch}\``);
    }
    if (x && y) {
      if (this.base.shapeOf(x.if) !== this.head.shapeOf(y.if)) this.report('composition-changed', direction, scope, site, `${where}: the \`if\` of its condition changed`);
      for (const branch of ['then', 'else'] as const) {
        const [p, q] = [x[branch], y[branch]];
        if (p && !q) this.report(`${branch}-removed`, direction, scope, site, `${where}: the \`${branch}\` of its condition was removed`);
        else if (!p && q) this.report(`${branch}-added`, direction, scope, site, `${where}: its condition gained a \`${branch}\``);
        else if (p && q) this.compare(p, q, direction, within(scope, `(${branch})`));
      }
    }
    this.compareUnevaluated('properties', a.unevaluatedProperties, b.unevaluatedProperties, direction, scope, site);
    this.compareUnevaluated('items', a.unevaluatedItems, b.unevaluatedItems, direction, scope, site);
  }

  /** `unevaluated…`: absent or `true` allows anything; `false` refuses; a schema checks. */
  private compareUnevaluated(what: 'properties' | 'items', a: boolean | SchemaNode | undefined, b: boolean | SchemaNode | undefined, direction: Direction, scope: Scope, site: Site): void {
    const free = (value: typeof a): boolean => value === undefined || value === true;
    const keyword = what === 'properties' ? 'unevaluatedProperties' : 'unevaluatedItems';
    const where = describePath(scope);
    if (free(a) && free(b)) return;
    if (free(a) || b === false) {
      if (a !== false) this.report(`unevaluated-${what}-added`, direction, scope, site, `${where} now ${b === false ? 'refuses' : 'checks'} ${what} nothing else evaluates (\`${keyword}\`)`);
    } else if (free(b) || a === false) {
      this.report(`unevaluated-${what}-removed`, direction, scope, site, `${where} no longer ${a === false ? 'refuses' : 'checks'} ${what} nothing else evaluates (\`${keyword}\`)`);
    } else if (typeof a === 'object' && typeof b === 'object') {
      this.compare(a, b, direction, within(scope, what === 'properties' ? '{unevaluated}' : '[unevaluated]'));
    }
  }

  /** `contains` with `minContains` and `maxContains`. */
  private compareContains(a: SchemaNode & { kind: 'array' }, b: SchemaNode & { kind: 'array' }, direction: Direction, scope: Scope, site: Site): void {
    const where = describePath(scope);
    const [x, y] = [a.contains, b.contains];
    if (x && !y) this.report('contains-removed', direction, scope, site, `${where} need no longer contain an item matching \`contains\``);
    else if (!x && y) this.report('contains-added', direction, scope, site, `${where} must now contain an item matching \`contains\``);
    else if (x && y) {
      this.compare(x.schema, y.schema, direction, within(scope, '(contains)'));
      this.bound('min', 'minContains', x.min, y.min, direction, scope, site);
      this.bound('max', 'maxContains', x.max, y.max, direction, scope, site);
    }
  }

  private compareString(a: StringNode, b: StringNode, direction: Direction, scope: Scope, site: Site): void {
    const where = describePath(scope);
    // An empty pattern matches every string: it constrains nothing.
    const [patternA, patternB] = [a.pattern || undefined, b.pattern || undefined];
    if (patternA !== patternB) {
      if (patternA === undefined) this.report('pattern-added', direction, scope, site, `${where} must now match \`${patternB}\``);
      else if (patternB === undefined) this.report('pattern-removed', direction, scope, site, `${where} need no longer match \`${patternA}\``);
      else if (MATCHES_ANYTHING.has(patternB)) this.report('pattern-generalized', direction, scope, site, `the pattern of ${where} changed from \`${patternA}\` to \`${patternB}\`, which every string matches`);
      else this.report('pattern-changed', direction, scope, site, `the pattern of ${where} changed from \`${patternA}\` to \`${patternB}\``);
    }
    this.bound('min', 'minLength', a.minLength, b.minLength, direction, scope, site);
    this.bound('max', 'maxLength', a.maxLength, b.maxLength, direction, scope, site);
    if (a.contentMediaType !== b.contentMediaType) {
      this.report('content-media-type-changed', direction, scope, site, `the media type of the content ${where} carries changed from ${a.contentMediaType ?? 'none'} to ${b.contentMediaType ?? 'none'} (contentMediaType)`);
    }
    if (a.contentEncoding !== b.contentEncoding) {
      this.report('content-encoding-changed', direction, scope, site, `the encoding of the content ${where} carries changed from ${a.contentEncoding ?? 'none'} to ${b.contentEncoding ?? 'none'} (contentEncoding)`);
    }
    if (a.openEnum === true || b.openEnum === true || !this.compareConst(a.enum, b.enum, direction, scope, site)) this.compareEnum(a.enum, b.enum, a.openEnum === true, b.openEnum === true, direction, scope, site);
  }

  /**
   * A single allowed value (`const`, or an enum of one) on both sides, changed: every value
   * valid before is refused now, in a request as in a response. Reports it and returns true;
   * any other enum change is left to `compareEnum`.
   */
  private compareConst(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined, direction: Direction, scope: Scope, site: Site): boolean {
    if (a?.length !== 1 || b?.length !== 1 || sameJson(a[0], b[0])) return false;
    this.report('const-changed', direction, scope, site, `${describePath(scope)} changed from the constant ${show(a[0])} to ${show(b[0])}`);
    return true;
  }

  /**
   * The JSON type changed. Where the value travels as text (a parameter) or in a loosely typed
   * body, a value of the old type is still written the same when the new type is a string:
   * `1` and "1" are the same characters on the wire.
   */
  private reportTypeChange(a: SchemaNode, b: SchemaNode, direction: Direction, scope: Scope, site: Site): void {
    const message = `${describePath(scope)} changed type from ${kindName(a)} to ${kindName(b)}`;
    // What the writer of the value wrote before, read now as the new type.
    const [written, read] = direction === 'request' ? [a, b] : [b, a];
    const asText = read.kind === 'string' && read.pattern === undefined && read.enum === undefined && read.format === undefined && (written.kind === 'number' || written.kind === 'boolean' || written.kind === 'string');
    if (this.carrier === 'text' && asText) this.report('type-changed-as-text', direction, scope, site, `${message}: as text, the values sent before still read`);
    else if (this.carrier === 'loose' && (read.kind === 'string' || written.kind === 'string')) this.report('type-changed-loosely-typed', direction, scope, site, `${message} in a loosely typed body`, 'type-compatible');
    else this.report('type-changed', direction, scope, site, message);
  }

  private compareEnum(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined, openA: boolean, openB: boolean, direction: Direction, scope: Scope, site: Site): void {
    const where = describePath(scope);
    if (!a && !b) return;
    if (!a || !b) {
      this.report(a ? 'enum-removed' : 'enum-added', direction, scope, site, a ? `${where} is no longer limited to ${a.map(show).join(', ')}` : `${where} is now limited to ${b!.map(show).join(', ')}`);
      return;
    }
    const keysA = new Set(a.map((v) => JSON.stringify(v)));
    const keysB = new Set(b.map((v) => JSON.stringify(v)));
    for (const value of a) if (!keysB.has(JSON.stringify(value))) this.report('enum-value-removed', direction, scope, site, `enum value ${show(value)} was removed from ${where}`);
    for (const value of b) {
      if (!keysA.has(JSON.stringify(value))) this.report(openB ? 'open-enum-value-added' : 'enum-value-added', direction, scope, site, `enum value ${show(value)} was added to ${where}`);
    }
    if (openA !== openB) this.report(openB ? 'enum-opened' : 'enum-closed', direction, scope, site, `the enum of ${where} ${openB ? 'is now open: other values may come' : 'is now closed'}`);
  }

  /** A bound's change, judged by `boundRuleOf` (oasdiff.ts). */
  private bound(kind: 'min' | 'max', keyword: string, a: number | undefined, b: number | undefined, direction: Direction, scope: Scope, site: Site, note = ''): void {
    if (a === b) return;
    const change: BoundChange = a === undefined ? 'set' : b === undefined ? 'unset' : b > a ? 'increased' : 'decreased';
    this.report(boundRuleOf(kind, change), direction, scope, site, `\`${keyword}\` of ${describePath(scope)} changed from ${a ?? 'none'} to ${b ?? 'none'}${note}`, boundKeyword(keyword, change));
  }

  private compareObject(a: ObjectNode, b: ObjectNode, direction: Direction, scope: Scope, site: Site): void {
    const where = describePath(scope);
    // A readOnly property is not sent in requests; a writeOnly one is not in responses.
    const absent = direction === 'request' ? 'readOnly' : 'writeOnly';
    const flag = (side: SchemaSide, p: PropertyModel, key: 'readOnly' | 'writeOnly' | 'deprecated'): boolean => p.schema[key] === true || side.resolve(p.schema)[key] === true;
    const headByName = new Map(b.properties.map((p) => [p.name, p]));
    const baseByName = new Map(a.properties.map((p) => [p.name, p]));
    for (const p of a.properties) {
      const at = within(scope, `.${p.name}`);
      const q = headByName.get(p.name);
      const pSite: Site = { basePointer: p.schema.pointer ?? site.basePointer, headPointer: q?.schema.pointer ?? site.headPointer };
      if (!q) {
        if (flag(this.base, p, absent)) continue;
        this.report(p.required ? 'required-property-removed' : 'property-removed', direction, at, pSite, `${p.required ? 'required ' : ''}property \`${p.name}\` was removed from ${where}`);
        continue;
      }
      const [wasAbsent, isAbsent] = [flag(this.base, p, absent), flag(this.head, q, absent)];
      if (wasAbsent && isAbsent) continue;
      if (!wasAbsent && isAbsent) {
        const rule = direction === 'request' ? 'request-property-became-read-only' : 'response-property-became-write-only';
        this.emit(rule, at, pSite, `property \`${p.name}\` became ${absent} and is no longer ${direction === 'request' ? 'sent in requests' : 'in responses'}`);
        continue;
      }
      if (wasAbsent && !isAbsent) {
        const rule = direction === 'request' ? 'request-property-became-not-read-only' : q.required ? 'response-required-property-became-not-write-only' : 'response-property-became-not-write-only';
        this.emit(rule, at, pSite, `property \`${p.name}\` is no longer ${absent} and is now ${direction === 'request' ? 'sent in requests' : 'in responses'}`);
        continue;
      }
      if (p.required !== q.required) {
        // oasdiff names a request property with a default that became required apart.
        const keyword = q.required && direction === 'request' && this.head.resolve(q.schema).default !== undefined ? 'became-required-with-default' : undefined;
        this.report(q.required ? 'property-became-required' : 'property-became-optional', direction, at, pSite, `property \`${p.name}\` of ${where} became ${q.required ? 'required' : 'optional'}`, keyword);
      }
      if (!flag(this.base, p, 'deprecated') && flag(this.head, q, 'deprecated')) {
        const sunset = sunsetOf(q.schema.extensions ?? this.head.resolve(q.schema).extensions);
        if (sunset !== undefined && 'invalid' in sunset) this.report('property-sunset-invalid', direction, at, pSite, `property \`${p.name}\` was deprecated with an \`x-sunset\`, ${show(sunset.invalid)}, that is not a date`);
        else this.report('property-deprecated', direction, at, pSite, `property \`${p.name}\` was deprecated`);
      }
      this.compare(p.schema, q.schema, direction, at);
    }
    for (const q of b.properties) {
      if (baseByName.has(q.name) || flag(this.head, q, absent)) continue;
      const at = within(scope, `.${q.name}`);
      const qSite: Site = { basePointer: site.basePointer, headPointer: q.schema.pointer ?? site.headPointer };
      const rule = q.required ? 'required-property-added' : a.additionalProperties === false ? 'property-added-to-closed-object' : 'property-added';
      // oasdiff names a required request property added with a default apart.
      const withDefault = rule === 'required-property-added' && direction === 'request' && !this.negated && this.head.resolve(q.schema).default !== undefined;
      this.report(rule, direction, at, qSite, `${q.required ? 'required ' : ''}property \`${q.name}\` was added to ${where}`, withDefault ? 'with-default' : undefined);
    }
    const [extraA, extraB] = [a.additionalProperties, b.additionalProperties];
    if (extraA !== false && extraB === false) this.report('additional-properties-closed', direction, scope, site, `${where} no longer allows properties other than those it declares`);
    else if (extraA === false && extraB !== false) this.report('additional-properties-opened', direction, scope, site, `${where} now allows properties other than those it declares`);
    else if (typeof extraA === 'object' || typeof extraB === 'object') {
      const any: SchemaNode = { kind: 'unknown' };
      this.compare(typeof extraA === 'object' ? extraA : any, typeof extraB === 'object' ? extraB : any, direction, within(scope, '{*}'));
    }
    this.bound('min', 'minProperties', a.minProperties, b.minProperties, direction, scope, site);
    this.bound('max', 'maxProperties', a.maxProperties, b.maxProperties, direction, scope, site);
    this.compareObjectKeywords(a, b, direction, scope, site);
  }

  /** `dependentRequired`, `dependentSchemas`, `patternProperties` and `propertyNames`. */
  private compareObjectKeywords(a: ObjectNode, b: ObjectNode, direction: Direction, scope: Scope, site: Site): void {
    const where = describePath(scope);
    const [requiredA, requiredB] = [a.dependentRequired ?? {}, b.dependentRequired ?? {}];
    for (const name of new Set([...Object.keys(requiredA), ...Object.keys(requiredB)])) {
      const [x, y] = [Object.hasOwn(requiredA, name) ? requiredA[name] : undefined, Object.hasOwn(requiredB, name) ? requiredB[name] : undefined];
      if (x && !y) this.report('dependent-required-removed', direction, scope, site, `\`${name}\` of ${where} no longer requires ${x.map(show).join(', ')}`);
      else if (!x && y) this.report('dependent-required-added', direction, scope, site, `\`${name}\` of ${where} now requires ${y.map(show).join(', ')}`);
      else if (x && y && !sameJson([...x].sort(), [...y].sort())) {
        const added = y.filter((n) => !x.includes(n));
        // Only fewer required names is a loosening; any other change refuses some objects that were valid.
        this.report(added.length === 0 ? 'dependent-required-removed' : 'dependent-required-changed', direction, scope, site, `what \`${name}\` of ${where} requires changed from ${x.map(show).join(', ')} to ${y.map(show).join(', ')}`);
      }
    }
    const [schemasA, schemasB] = [new Map((a.dependentSchemas ?? []).map((d) => [d.name, d.schema])), new Map((b.dependentSchemas ?? []).map((d) => [d.name, d.schema]))];
    for (const name of new Set([...schemasA.keys(), ...schemasB.keys()])) {
      const [x, y] = [schemasA.get(name), schemasB.get(name)];
      if (x && !y) this.report('dependent-schema-removed', direction, scope, site, `${where} no longer has to match a schema when \`${name}\` is present`);
      else if (!x && y) this.report('dependent-schema-added', direction, scope, site, `${where} must now match a schema when \`${name}\` is present`);
      else if (x && y) this.compare(x, y, direction, within(scope, `(when ${name})`));
    }
    const [patternsA, patternsB] = [new Map((a.patternProperties ?? []).map((p) => [p.pattern, p.schema])), new Map((b.patternProperties ?? []).map((p) => [p.pattern, p.schema]))];
    for (const pattern of new Set([...patternsA.keys(), ...patternsB.keys()])) {
      const [x, y] = [patternsA.get(pattern), patternsB.get(pattern)];
      if (x && !y) this.report('pattern-property-removed', direction, scope, site, `properties of ${where} matching \`${pattern}\` are no longer checked`);
      else if (!x && y) this.report('pattern-property-added', direction, scope, site, `properties of ${where} matching \`${pattern}\` must now match a schema`);
      else if (x && y) this.compare(x, y, direction, within(scope, `{${pattern}}`));
    }
    const [namesA, namesB] = [a.propertyNames, b.propertyNames];
    if (namesA && !namesB) this.report('property-names-removed', direction, scope, site, `the property names of ${where} are no longer checked`);
    else if (!namesA && namesB) this.report('property-names-added', direction, scope, site, `the property names of ${where} must now match a schema`);
    else if (namesA && namesB) this.compare(namesA, namesB, direction, within(scope, '{names}'));
  }

  /**
   * Variants are paired by discriminator tag, else by equal shape, else by kind (objects by
   * the properties they share); what stays unpaired was removed or added.
   */
  private compareUnions(a: SchemaNode, b: SchemaNode, direction: Direction, scope: Scope, site: Site): void {
    const where = describePath(scope);
    const variantsA = a.kind === 'union' ? a.variants : [a];
    const variantsB = b.kind === 'union' ? b.variants : [b];
    const discA = a.kind === 'union' ? a.discriminator : undefined;
    const discB = b.kind === 'union' ? b.discriminator : undefined;
    if (discA && discB && discA.propertyName !== discB.propertyName) {
      this.report('discriminator-changed', direction, scope, site, `the discriminator of ${where} changed from \`${discA.propertyName}\` to \`${discB.propertyName}\``);
    }
    const defaultOf = (disc: UnionNode['discriminator'], variants: SchemaNode[]): string | undefined => {
      const variant = disc?.defaultVariant === undefined ? undefined : variants[disc.defaultVariant];
      return variant?.kind === 'ref' ? variant.target : undefined;
    };
    const [defaultA, defaultB] = [defaultOf(discA, variantsA), defaultOf(discB, variantsB)];
    if (defaultA !== defaultB) {
      if (defaultA === undefined) this.report('discriminator-default-added', direction, scope, site, `the discriminator of ${where} now sends values whose tag selects no variant to \`${defaultB}\` (defaultMapping)`);
      else if (defaultB === undefined) this.report('discriminator-default-removed', direction, scope, site, `the discriminator of ${where} no longer has a default variant (\`${defaultA}\`): a value whose tag selects no variant is refused`);
      else this.report('discriminator-default-changed', direction, scope, site, `the default variant of the discriminator of ${where} changed from \`${defaultA}\` to \`${defaultB}\``);
    }
    // A value sent as it was may now match the old schema and a new variant both, which `oneOf`
    // refuses; a value received may now be of a variant the caller does not know.
    if (a.kind !== 'union' && b.kind === 'union' && b.mode === 'oneOf' && !discB && variantsB.length > 1) {
      const effect = direction === 'request' ? 'a value that matches more than one is refused' : 'a value of another variant may come';
      this.emit(`${direction}-wrapped-in-one-of`, scope, site, `${where} was wrapped into a oneOf of ${variantsB.length} variants: ${effect}`);
    }
    const pairs = this.pairVariants(variantsA, variantsB, discA, discB);
    const pairedB = new Set(pairs.map(([, j]) => j));
    const pairedA = new Set(pairs.map(([i]) => i));
    const label = (node: SchemaNode, i: number, tags: UnionNode['discriminator'] | undefined): string =>
      node.kind === 'ref' ? node.target : tags?.variantTags?.[i]?.[0] ?? `#${i + 1}`;
    for (const [i, j] of pairs) this.compare(variantsA[i], variantsB[j], direction, within(scope, `(variant ${label(variantsB[j]!, j, discB)})`));
    const mode = (node: SchemaNode): string => (node.kind === 'union' && node.mode === 'anyOf' ? 'any-of' : 'one-of');
    // `type: [string, integer]`, or one type against such a list: a type more or less, not a variant.
    const typeList = (a.kind !== 'union' || a.typeList === true) && (b.kind !== 'union' || b.typeList === true);
    // No type in common: the type changed, whatever lists wrote it.
    if (typeList && pairs.length === 0) return this.reportTypeChange(a, b, direction, scope, site);
    // Values that travel as text: a number or boolean sent before is still read by a plain string kept.
    const readsAsText = (node: SchemaNode): boolean =>
      this.carrier === 'text' && direction === 'request' && (node.kind === 'number' || node.kind === 'boolean') && variantsB.some((v) => {
        const kept = this.head.resolve(v);
        return kept.kind === 'string' && kept.pattern === undefined && kept.enum === undefined && kept.format === undefined;
      });
    variantsA.forEach((node, i) => {
      if (pairedA.has(i) || (typeList && readsAsText(this.base.resolve(node)))) return;
      const removed = { ...site, basePointer: node.pointer ?? site.basePointer };
      if (typeList) this.report('type-list-narrowed', direction, scope, removed, `${where} no longer takes type ${kindName(node)}`, 'list-of-types-narrowed');
      else this.report('variant-removed', direction, scope, removed, `variant ${label(node, i, discA)} was removed from ${where}`, `${mode(a)}-removed`);
    });
    variantsB.forEach((node, j) => {
      if (pairedB.has(j)) return;
      const added = { ...site, headPointer: node.pointer ?? site.headPointer };
      if (typeList) this.report('type-list-widened', direction, scope, added, `${where} now also takes type ${kindName(node)}`, 'list-of-types-widened');
      else this.report(mode(b) === 'one-of' ? 'one-of-variant-added' : 'variant-added', direction, scope, added, `variant ${label(node, j, discB)} was added to ${where}`, `${mode(b)}-added`);
    });
  }

  /** Variants' shapes, for pairing (made on first use). */
  private variantShapes: VariantShapes | undefined;

  private pairVariants(a: SchemaNode[], b: SchemaNode[], discA: UnionNode['discriminator'], discB: UnionNode['discriminator']): [number, number][] {
    const pairs: [number, number][] = [];
    const freeA = new Set(a.map((_, i) => i));
    const freeB = new Set(b.map((_, j) => j));
    const take = (i: number, j: number): void => {
      pairs.push([i, j]);
      freeA.delete(i);
      freeB.delete(j);
    };
    if (discA?.variantTags && discB?.variantTags) {
      for (const i of [...freeA]) {
        const j = [...freeB].find((j) => discB.variantTags![j]!.some((tag) => discA.variantTags![i]!.includes(tag)));
        if (j !== undefined) take(i, j);
      }
    }
    const shapes = (this.variantShapes ??= new VariantShapes(this.base, this.head));
    const sameShape = (i: number, j: number): boolean => shapes.of('base', a[i]!) === shapes.of('head', b[j]!);
    // Equal shapes are of one kind. With at most one free variant of each kind on each side, pairing
    // by shape pairs only what pairing by kind pairs, save two objects that share no property:
    // then shapes are worked out for those alone (Stripe's thousands of `anyOf: [string, $ref]`).
    const oneOfEachKind = (free: Set<number>, nodes: SchemaNode[], side: SchemaSide): boolean => new Set([...free].map((i) => side.resolve(nodes[i]!).kind)).size === free.size;
    const byShapeFirst = !oneOfEachKind(freeA, a, this.base) || !oneOfEachKind(freeB, b, this.head);
    if (byShapeFirst) {
      for (const i of [...freeA]) {
        const j = [...freeB].find((j) => sameShape(i, j));
        if (j !== undefined) take(i, j);
      }
    }
    for (const i of [...freeA]) {
      const x = this.base.resolve(a[i]!);
      const pinnedX = x.kind === 'object' ? this.pinned(this.base, x) : undefined;
      let best: { j: number; score: number } | undefined;
      for (const j of freeB) {
        const y = this.head.resolve(b[j]!);
        if (x.kind !== y.kind) continue;
        const shared = x.kind === 'object' && y.kind === 'object' ? x.properties.filter((p) => y.properties.some((q) => q.name === p.name)).length : 0;
        if (x.kind === 'object' && shared === 0 && (byShapeFirst || !sameShape(i, j))) continue;
        // A property pinned to one value on both sides (`role: {const: user}`) tells the variants
        // apart, as a discriminator without the keyword does: equal pins pair, different ones never.
        let tagged = 0;
        if (pinnedX && y.kind === 'object') {
          const pinnedY = this.pinned(this.head, y);
          const common = [...pinnedX.keys()].filter((name) => pinnedY.has(name));
          if (common.some((name) => pinnedX.get(name) !== pinnedY.get(name))) continue;
          tagged = common.length;
        }
        // Among variants of one kind, the one that keeps most of the keywords.
        const score = tagged * 10_000 + shared * 100 + sameKeywords(x, y);
        if (!best || score > best.score) best = { j, score };
      }
      if (best) take(i, best.j);
    }
    return pairs.sort(([i], [j]) => i - j);
  }

  private readonly pins = new WeakMap<ObjectNode, Map<string, string>>();

  /** The properties of an object pinned to a single value (`const`, or an enum of one), with that value. */
  private pinned(side: SchemaSide, node: ObjectNode): Map<string, string> {
    const known = this.pins.get(node);
    if (known) return known;
    const out = new Map<string, string>();
    this.pins.set(node, out);
    for (const property of node.properties) {
      const value = side.resolve(property.schema);
      const values = value.kind === 'literal' ? value.values : value.kind === 'string' || value.kind === 'number' ? value.enum : undefined;
      if (values?.length === 1 && !(value.kind === 'string' && value.openEnum)) out.set(property.name, JSON.stringify(values[0]));
    }
    return out;
  }
}

/**
 * Union variants' shapes as numbers, equal where the shapes are: each is worked out once per
 * side, as a shape of a reference is a long string (the target expanded three levels deep) and
 * the same variants come back in thousands of unions on a large document (Stripe's expandable
 * fields, `anyOf: [string, $ref]`). A reference's shape depends only on its target and whether
 * it is nullable, so references are known by those; other variants by the node itself.
 */
class VariantShapes {
  private readonly ids = new Map<string, number>();
  private readonly sides: Record<'base' | 'head', { side: SchemaSide; refs: Map<string, number>; nodes: WeakMap<SchemaNode, number> }>;

  constructor(base: SchemaSide, head: SchemaSide) {
    this.sides = { base: { side: base, refs: new Map(), nodes: new WeakMap() }, head: { side: head, refs: new Map(), nodes: new WeakMap() } };
  }

  of(which: 'base' | 'head', node: SchemaNode): number {
    const { side, refs, nodes } = this.sides[which];
    const key = node.kind === 'ref' ? `${node.target}|${node.nullable === true}` : undefined;
    let id = key === undefined ? nodes.get(node) : refs.get(key);
    if (id === undefined) {
      const shape = side.shapeOf(node);
      id = this.ids.get(shape);
      if (id === undefined) this.ids.set(shape, (id = this.ids.size));
      if (key === undefined) nodes.set(node, id);
      else refs.set(key, id);
    }
    return id;
  }
}

/** How many of the simple keywords (format, pattern, bounds, enum …) two nodes share with equal values. */
function sameKeywords(x: SchemaNode, y: SchemaNode): number {
  const simple = (node: SchemaNode): Map<string, string> =>
    new Map(Object.entries(node).filter(([key, value]) => !IGNORED_IN_SHAPE.has(key) && (typeof value !== 'object' || Array.isArray(value)) && key !== 'kind').map(([key, value]) => [key, JSON.stringify(value)]));
  const [a, b] = [simple(x), simple(y)];
  let same = 0;
  for (const [key, value] of a) if (b.get(key) === value) same++;
  return same - Math.abs(a.size - b.size);
}

function kindName(node: SchemaNode): string {
  switch (node.kind) {
    case 'union':
      if (node.typeList) return node.variants.map(kindName).join(' or ');
      return `a ${node.mode}`;
    case 'number':
      return node.integer ? 'integer' : 'number';
    case 'literal':
      return `constant ${node.values.map(show).join(' | ')}`;
    case 'ref':
      return `\`${node.target}\``;
    case 'intersection':
      return 'an allOf';
    default:
      return node.kind;
  }
}
