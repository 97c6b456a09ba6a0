/**
 * What a module prints more than once, written once. Stripe's description has
 * `z.optional(z.string().check(z.maxLength(5000)))` over a thousand times in its operations, and
 * Kubernetes' `name` path parameter in hundreds of operations' metadata: the printers intern each
 * validator expression that names no other validator, and each parameter and request body of the
 * metadata (print/operation-spec.ts); when the module is complete, {@link SharedExpressions.resolve}
 * declares the ones that repeat enough to pay for a constant (`const optionalStringMax5000 = …`)
 * and writes the others back in place.
 *
 * An interned expression is a placeholder in the printed text until then: the same text gets
 * the same placeholder, and a placeholder inside another's text is counted once per use of the
 * outer one, or once in all when the outer one is declared. Validators are immutable, so one
 * instance serves every place that printed the same expression.
 */
import { StructureKind, VariableDeclarationKind } from '../util/structure-kinds.js';
import type { StatementStructures, VariableStatementStructure } from 'ts-morph';
import type { SchemaNode } from '../model/types.js';
import { safeIdentifier, words } from '../model/names.js';
import { PURE } from './pure.js';
import type { SymbolTable } from './symbols.js';

/** A placeholder: NUL, the expression's number, NUL (string literals escape NUL, so printed code has none of its own). */
const PLACEHOLDER = /\0(\d+)\0/g;
const placeholderOf = (id: number): string => `\0${id}\0`;
/** A text that is one placeholder and nothing else. */
const WHOLE = /^\0(\d+)\0$/;
/** Whether `text` is a shared expression's placeholder (which becomes a name, or a text marked pure). */
export const isPlaceholder = (text: string): boolean => WHOLE.test(text);

/** Shorter expressions stay in place: a name would save little and read no better. */
const MIN_LENGTH = 40;
/** What a declaration costs beyond its expression and name: `const  = ;` and a line break. */
const DECLARATION_COST = 11;
/** What a use of a declared name is reckoned to cost (most names are 10 to 25 characters). */
const NAME_LENGTH = 16;
/** Names longer than this read worse than the expression: such a name is said more briefly, at last by its kind alone. */
const MAX_NAME_LENGTH = 48;

interface Interned {
  text: string;
  /** Its length with every placeholder in it written out. */
  length: number;
  /** The name it would be declared under, said from the schema printed. */
  describe: () => string;
  /** How its declaration writes it (`{ … } as const`, where the literal's types must stay literal), when not as it is. */
  declared?: ((text: string) => string) | undefined;
}

export class SharedExpressions {
  private readonly interned: Interned[] = [];
  private readonly ids = new Map<string, number>();
  private references = 0;

  /** @param taken whether a name is already used by the module (declared, imported, or a global it uses) */
  constructor(private readonly taken: (name: string) => boolean) {}

  /** Called by a printer for each named validator it prints: an expression that names one is not shared (its declaration would have to follow the other's). */
  noteReference(): void {
    this.references += 1;
  }

  /**
   * What `print` prints, as a placeholder to share; as printed when it named another validator
   * meanwhile ({@link noteReference}) or is too short to be worth a name. `describe` says the name
   * it would be declared under, `declared` how its declaration writes it when not as it is.
   */
  share(print: () => string, describe: () => string, declared?: (text: string) => string): string {
    const before = this.references;
    const text = print();
    if (this.references !== before) return text;
    const known = this.ids.get(text);
    if (known !== undefined) return placeholderOf(known);
    const length = this.expandedLength(text);
    if (length < MIN_LENGTH) return text;
    const id = this.interned.length;
    this.interned.push({ text, length, describe, declared });
    this.ids.set(text, id);
    return placeholderOf(id);
  }

  /** `text` as printed in place when it is one shared expression (its own inner ones still shared), else as it is. */
  inPlace(text: string): string {
    const whole = WHOLE.exec(text);
    return whole ? this.interned[Number(whole[1])]!.text : text;
  }

  /**
   * Writes every placeholder in the initializers of `statements` as a name or its text, and
   * returns the declarations of the names, to be placed before the statements (after the imports).
   */
  resolve(statements: StatementStructures[]): (string | StatementStructures)[] {
    if (this.interned.length === 0) return [];
    const initializers = statements.flatMap((s) => (s.kind === StructureKind.VariableStatement ? (s as VariableStatementStructure).declarations : []));
    // Uses of each expression: in the statements, then, outer expressions first (an inner one is
    // interned before the one that contains it), in each outer one once per use of it, or once
    // in all when it is declared.
    const uses = new Array<number>(this.interned.length).fill(0);
    for (const declaration of initializers) {
      if (typeof declaration.initializer !== 'string') continue;
      // A declaration's own expression is written in it (`export const WarningValidator: LeanValidator<Warning> = …`):
      // its type may come from the declaration's, and its name says more than a shared one.
      declaration.initializer = this.inPlace(declaration.initializer);
      for (const id of placeholdersIn(declaration.initializer)) uses[id]! += 1;
    }
    const declared = new Array<boolean>(this.interned.length).fill(false);
    for (let id = this.interned.length - 1; id >= 0; id -= 1) {
      const count = uses[id]!;
      if (count === 0) continue;
      const { length } = this.interned[id]!;
      // Worth it when the copies it removes outweigh a name at each use and the declaration.
      declared[id] = count > 1 && (count - 1) * length > count * NAME_LENGTH + NAME_LENGTH + DECLARATION_COST;
      for (const inner of placeholdersIn(this.interned[id]!.text)) uses[inner]! += declared[id] ? 1 : count;
    }
    const names = new Map<number, string>();
    const chosen = new Set<string>();
    for (let id = 0; id < this.interned.length; id += 1) {
      if (!declared[id]) continue;
      names.set(id, this.nameFor(this.interned[id]!.describe(), chosen));
    }
    const written = new Map<number, string>();
    const write = (text: string): string =>
      text.includes('\0')
        ? text
            .replace(PLACEHOLDER, (_, digits: string) => {
              const id = Number(digits);
              const name = names.get(id);
              if (name !== undefined) return name;
              let inline = written.get(id);
              if (inline === undefined) {
                inline = write(this.interned[id]!.text);
                written.set(id, inline);
              }
              return inline;
            })
            .replaceAll(PURE + PURE, PURE)
        : text;
    for (const declaration of initializers) if (typeof declaration.initializer === 'string') declaration.initializer = write(declaration.initializer);
    const declarations: (string | StatementStructures)[] = [];
    for (const [id, name] of [...names].sort(([a], [b]) => a - b)) {
      if (declarations.length === 0) declarations.push('// Used more than once below, declared once.');
      const { text, declared: declaredAs } = this.interned[id]!;
      declarations.push({ kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, declarations: [{ name, initializer: declaredAs ? declaredAs(write(text)) : write(text) }] });
    }
    return declarations;
  }

  /** The length of `text` with each placeholder in it written out. */
  private expandedLength(text: string): number {
    if (!text.includes('\0')) return text.length;
    let length = text.length;
    for (const found of text.matchAll(PLACEHOLDER)) length += this.interned[Number(found[1])]!.length - found[0].length;
    return length;
  }

  private nameFor(wanted: string, chosen: Set<string>): string {
    const base = safeIdentifier(wanted);
    let name = base;
    // Numbered as the name planner numbers (`Pet2`), set apart from a name that ends in a number (`stringMax5000_2`).
    const numbered = (n: number): string => (/\d$/.test(base) ? `${base}_${n}` : `${base}${n}`);
    for (let n = 2; chosen.has(name) || this.taken(name); n += 1) name = numbered(n);
    chosen.add(name);
    return name;
  }
}

/** The namespaces validator modules import (`import * as z`, `import * as lean`), which the symbol table does not hold. */
const NAMESPACES: ReadonlySet<string> = new Set(['z', 'lean']);

/** Shared expressions for one module of a package: their names avoid every name of the package's symbol table. */
export const sharedExpressionsOf = (context: { symbols: SymbolTable }): SharedExpressions =>
  new SharedExpressions((name) => NAMESPACES.has(name) || context.symbols.homeOf(name) !== undefined);

function* placeholdersIn(text: string): Generator<number> {
  if (!text.includes('\0')) return;
  for (const found of text.matchAll(PLACEHOLDER)) yield Number(found[1]);
}

/**
 * The name of a shared validator, from what it accepts: `stringMax5000`, `optionalInteger`,
 * `nullableDateTimeString`, `activeInactivePendingEnum`, `stringMax5000Array`. `wrapper`: the
 * property's `optional` (or a required unknown one's `present`) around the schema.
 */
export function describeSchema(node: SchemaNode, wrapper?: 'optional' | 'present'): string {
  const prefix = [...(wrapper ? [wrapper] : []), ...(node.nullable && node.kind !== 'null' ? ['nullable'] : [])];
  for (const detail of [Detail.Full, Detail.Brief]) {
    const name = identifier(camelJoin([...prefix, ...kindWords(node, detail)]));
    if (name.length <= MAX_NAME_LENGTH) return name;
  }
  return identifier(camelJoin([...prefix, ...kindWords(node, Detail.Kind)]));
}

/** A name of these words, in camelCase (`nameOf('page', 'query', 'parameter')`: `pageQueryParameter`). */
export const nameOf = (...parts: string[]): string => identifier(camelJoin(parts));

/** `name` as an identifier: a reserved word (`enum`, `string`) becomes `enumValidator`. */
function identifier(name: string): string {
  const safe = safeIdentifier(name);
  return safe === `${name}_` ? `${name}Validator` : safe;
}

/** How much of a schema its name says: its values, keys and bounds; the first of them; or its kind alone. */
const enum Detail {
  Full,
  Brief,
  Kind,
}

function kindWords(node: SchemaNode, detail: Detail): string[] {
  switch (node.kind) {
    case 'string': {
      if (node.enum) return enumWords(node.enum, detail);
      return [...(node.format && detail !== Detail.Kind ? words(node.format) : []), ...(node.pattern !== undefined && detail === Detail.Full ? ['patterned'] : []), 'string', ...bounds(node.minLength, node.maxLength, detail)];
    }
    case 'number': {
      if (node.enum) return enumWords(node.enum, detail);
      const integer = node.integer || node.format === 'int32' || node.format === 'int64';
      return [...(node.format === 'int32' && detail !== Detail.Kind ? ['int32'] : []), integer ? 'integer' : 'number', ...bounds(node.minimum ?? node.exclusiveMinimum, node.maximum ?? node.exclusiveMaximum, detail)];
    }
    case 'literal':
      return enumWords(node.values, detail);
    case 'array':
      return [...kindWords(node.items, detail), node.prefixItems ? 'tuple' : 'array', ...bounds(node.minItems, node.maxItems, detail)];
    case 'object': {
      const keys = node.properties.map((p) => p.name);
      if (keys.length === 0) {
        if (node.additionalProperties === false) return ['empty', 'object'];
        return typeof node.additionalProperties === 'object' && detail !== Detail.Kind ? ['record', 'of', ...kindWords(node.additionalProperties, detail === Detail.Full ? Detail.Brief : Detail.Kind)] : ['record'];
      }
      const shown = detail === Detail.Full ? 2 : detail === Detail.Brief ? 1 : 0;
      return [...keys.slice(0, shown), ...(keys.length > shown && shown > 0 ? ['etc'] : []), 'object'];
    }
    case 'union':
      if (node.variants.length !== 2 || detail === Detail.Kind) return ['union'];
      return [...kindWords(node.variants[0]!, detail), 'or', ...kindWords(node.variants[1]!, detail === Detail.Full ? Detail.Brief : Detail.Kind)];
    case 'intersection':
      return ['all', 'of'];
    case 'unknown':
      return node.byType ? ['json', 'value'] : ['anything'];
    default:
      return [node.kind];
  }
}

/** Bounds as words: `min0`, `max5000`, `minMinus1`, `max0Point5`. */
const bounds = (min: number | undefined, max: number | undefined, detail: Detail): string[] => {
  if (detail === Detail.Kind) return [];
  const said = (n: number): string => String(n).replace(/[.-]/g, (c) => (c === '-' ? ' minus ' : ' point '));
  return [...(min !== undefined ? [`min ${said(min)}`] : []), ...(max !== undefined ? [`max ${said(max)}`] : [])];
};

/** An enum by its values: `activeInactivePendingEnum`; by its first (`acRefrigerationRepairEtcEnum`), or as `enum`, more briefly. */
function enumWords(values: readonly unknown[], detail: Detail): string[] {
  const named = values.filter((v) => typeof v === 'string' || typeof v === 'number').map((v) => (v === '' ? 'empty' : String(v)));
  const shown = detail === Detail.Full ? 3 : detail === Detail.Brief ? 1 : 0;
  if (named.length === 0 || shown === 0) return ['enum'];
  return named.length <= shown ? [...named, 'enum'] : [...named.slice(0, shown), 'etc', 'enum'];
}

/** Words (each split further at what is not a letter or digit) joined in camelCase. */
function camelJoin(parts: readonly string[]): string {
  // A word in capitals is a word (`SVC-VERSION`: `svcVersion`).
  const all = parts.flatMap((part) => words(part)).map((w) => (/^[A-Z0-9]+$/.test(w) ? w.toLowerCase() : w));
  return all.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('') || 'shared';
}
