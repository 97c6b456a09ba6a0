/**
 * Validators a module prints more than once are declared once (print/shared.ts): which are,
 * under what names, and what stays in place; then the printers with sharing on, in both zod
 * builds and the lean one, against the same values run through the printed code.
 */
import { describe, expect, it } from 'vitest';
import type { StatementStructures, VariableStatementStructure } from 'ts-morph';
import * as zMini from 'zod/mini';
import * as zClassic from 'zod';
import { StructureKind, VariableDeclarationKind } from '../../generator/util/structure-kinds.js';
import type { ApiModel, SchemaNode } from '../../generator/model/types.js';
import { describeSchema, nameOf, SharedExpressions } from '../../generator/print/shared.js';
import { printZod, zodPrintContext, type ZodFlavor } from '../../generator/print/zod.js';
import { leanPrintContext, printLean } from '../../generator/print/lean.js';
import { printSourceFile } from '../../generator/util/ts.js';
import { stringLiteral } from '../../generator/util/text.js';
import * as runtime from '../../templates/runtime/src/index.js';
import * as mini from '../../templates/runtime/src/mini.js';
import * as lean from '../../templates/runtime/src/lean.js';
import { generateToDisk, specWithSchemas, typeCheckPackage, writeSpec } from '../helpers/generate.js';

const P = '/* @__PURE__ */ ';
const LONG = `${P}z.string().check(${P}z.maxLength(5000))`;
const exported = (name: string, initializer: string): StatementStructures => ({ kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, isExported: true, declarations: [{ name, initializer }] });
const initializerOf = (statement: StatementStructures): string => (statement as VariableStatementStructure).declarations[0]!.initializer as string;
const printed = (declarations: (string | StatementStructures)[]): string => printSourceFile('', { statements: declarations }).trim();

describe('SharedExpressions', () => {
  it('declares an expression printed in several places once, and writes its name there', () => {
    const shared = new SharedExpressions(() => false);
    const a = shared.share(() => LONG, () => 'stringMax5000');
    const b = shared.share(() => LONG, () => 'stringMax5000');
    expect(a).toBe(b);
    const statements = [exported('A', `{ x: ${a}, y: ${b} }`), exported('B', `[${a}]`)];
    const declarations = shared.resolve(statements);
    expect(printed(declarations)).toBe(`// Used more than once below, declared once.\nconst stringMax5000 = ${LONG};`);
    expect(statements.map(initializerOf)).toEqual(['{ x: stringMax5000, y: stringMax5000 }', '[stringMax5000]']);
  });

  it('leaves in place an expression printed once, or too short to be worth a name', () => {
    const shared = new SharedExpressions(() => false);
    const once = shared.share(() => LONG, () => 'stringMax5000');
    const short = `${P}z.string()`;
    expect(shared.share(() => short, () => 'string')).toBe(short);
    const statements = [exported('A', `{ x: ${once}, y: ${short}, z: ${short} }`)];
    expect(shared.resolve(statements)).toEqual([]);
    expect(initializerOf(statements[0]!)).toBe(`{ x: ${LONG}, y: ${short}, z: ${short} }`);
  });

  it('does not share an expression that names another validator: its declaration would come before that one', () => {
    const shared = new SharedExpressions(() => false);
    const text = `${P}z.array(${P}z.optional(PetSchema)).check(${P}z.minLength(1))`;
    const printing = (): string => {
      shared.noteReference();
      return text;
    };
    expect(shared.share(printing, () => 'petArray')).toBe(text);
  });

  it("writes a declaration's own expression in it, though it is printed elsewhere too", () => {
    const shared = new SharedExpressions(() => false);
    const whole = shared.share(() => LONG, () => 'stringMax5000');
    const statements = [exported('NameSchema', whole), exported('A', `{ x: ${whole}, y: ${whole} }`)];
    shared.resolve(statements);
    expect(initializerOf(statements[0]!)).toBe(LONG);
    expect(initializerOf(statements[1]!)).toBe('{ x: stringMax5000, y: stringMax5000 }');
  });

  it('counts an expression inside a declared one once, and one inside an inlined one at each of its uses', () => {
    const shared = new SharedExpressions(() => false);
    const inner = shared.share(() => LONG, () => 'stringMax5000');
    const outer = shared.share(() => `${P}z.optional(${inner})`, () => 'optionalStringMax5000');
    // Printed four times inside the outer one, which is declared: the inner one is written once, in it.
    const statements = [exported('A', `{ a: ${outer}, b: ${outer}, c: ${outer}, d: ${outer} }`)];
    const declarations = shared.resolve(statements);
    expect(printed(declarations)).toBe(`// Used more than once below, declared once.\nconst optionalStringMax5000 = ${P}z.optional(${LONG});`);
  });

  it('names avoid the names the module has, and each other', () => {
    const shared = new SharedExpressions((name) => name === 'stringMax5000');
    const first = shared.share(() => LONG, () => 'stringMax5000');
    const second = shared.share(() => `${P}z.string().check(${P}z.maxLength(5000), ${P}z.minLength(1))`, () => 'stringMax5000');
    const statements = [exported('A', `[${first}, ${first}, ${second}, ${second}]`)];
    shared.resolve(statements);
    expect(initializerOf(statements[0]!)).toBe('[stringMax5000_2, stringMax5000_2, stringMax5000_3, stringMax5000_3]');
  });

  it("reads no placeholder out of a printed value: a NUL in a document's string is escaped", () => {
    expect(stringLiteral('a\u00000\u0000b')).toBe("'a\\x000\\x00b'");
    const shared = new SharedExpressions(() => false);
    const text = `${P}z.enum([${stringLiteral('\u00000\u0000')}, 'some-other-value'])`;
    const a = shared.share(() => text, () => 'e');
    const statements = [exported('A', `[${a}, ${a}, ${a}]`)];
    shared.resolve(statements);
    expect(initializerOf(statements[0]!)).toBe('[e, e, e]');
  });

  it('writes a marked expression chained on a shared one in place with one mark', () => {
    const shared = new SharedExpressions(() => false);
    const once = shared.share(() => `${P}z.string().max(5000).min(1).trim()`, () => 'string');
    const statements = [exported('A', `${P}${once}.optional()`)];
    shared.resolve(statements);
    expect(initializerOf(statements[0]!)).toBe(`${P}z.string().max(5000).min(1).trim().optional()`);
  });
});

describe('describeSchema', () => {
  const str = (extra: Partial<Extract<SchemaNode, { kind: 'string' }>> = {}): SchemaNode => ({ kind: 'string', ...extra });
  it.each<[string, SchemaNode, ('optional' | 'present')?]>([
    ['stringMax5000', str({ maxLength: 5000 })],
    ['optionalDateTimeString', str({ format: 'date-time' }), 'optional'],
    ['nullablePatternedStringMin1', str({ pattern: '^a', minLength: 1, nullable: true })],
    ['integerMinMinus5Max0Point5', { kind: 'number', integer: true, minimum: -5, maximum: 0.5 }],
    ['activeInactivePendingEnum', str({ enum: ['active', 'inactive', 'pending'] })],
    ['activeInactivePendingEtcEnum', str({ enum: ['active', 'inactive', 'pending', 'gone'] })],
    ['emptyNoneEnum', { kind: 'literal', values: ['', 'none'] }],
    ['stringMax5000Array', { kind: 'array', items: str({ maxLength: 5000 }) }],
    ['gtGteEtcObject', { kind: 'object', properties: ['gt', 'gte', 'lt'].map((name) => ({ name, schema: str(), required: false })), additionalProperties: false }],
    ['emptyObject', { kind: 'object', properties: [], additionalProperties: false }],
    ['recordOfStringArray', { kind: 'object', properties: [], additionalProperties: { kind: 'array', items: str() } }],
    ['record', { kind: 'object', properties: [], additionalProperties: true }],
    ['stringOrEmptyEnum', { kind: 'union', mode: 'anyOf', variants: [str(), { kind: 'literal', values: [''] }] }],
    ['presentAnything', { kind: 'unknown' }, 'present'],
  ])('%s', (want, node, wrapper) => {
    expect(describeSchema(node, wrapper)).toBe(want);
  });

  it('says a long enum by its first value, then by its kind', () => {
    expect(describeSchema(str({ enum: ['ac_refrigeration_repair', 'accounting_bookkeeping_services', 'advertising_services', 'agricultural'] }))).toBe('acRefrigerationRepairEtcEnum');
    expect(describeSchema(str({ enum: ['a_very_long_value_that_says_too_much_for_a_name_of_its_own', 'b'] }), 'optional')).toBe('optionalEnum');
  });

  it('names a parameter or body of the metadata by its words, capitals as a word', () => {
    expect(nameOf('SVC-VERSION', 'header', 'parameter')).toBe('svcVersionHeaderParameter');
    expect(nameOf('', 'json', 'body')).toBe('jsonBody');
    expect(nameOf('page_size', 'query', 'parameter')).toBe('pageSizeQueryParameter');
  });

  it('makes an identifier of any value', () => {
    expect(describeSchema(str({ enum: ['2fa', 'sms'] }))).toBe('_2faSmsEnum');
    expect(describeSchema({ kind: 'literal', values: [true, null] })).toBe('enumValidator');
    expect(describeSchema(str())).toBe('stringValidator');
  });
});

/** A model with no named schemas: the cases print anonymous ones. */
const model = (): ApiModel =>
  ({ kind: 'openapi', name: 'shared', source: 'shared.yaml', title: 'Shared', version: '1', servers: [], tags: [], schemas: [], operations: [], webhooks: [], securitySchemes: [], hostedFlows: [], client: { className: 'C', groups: [] }, channels: [], messages: [], extensions: {}, definedNames: {}, diagnostics: [] }) as unknown as ApiModel;

/** An object whose properties repeat the same validators: each is shared when printed with sharing on. */
const repeated: SchemaNode = {
  kind: 'object',
  additionalProperties: false,
  properties: ['a', 'b', 'c', 'd'].map((name, i) => ({ name, required: i % 2 === 0, schema: { kind: 'string', maxLength: 20, format: 'email' } })),
};

/** Evaluates a module's declarations and one expression, with the names the printed code uses in scope. */
function evaluate(declarations: (string | StatementStructures)[], expression: string, scope: Record<string, unknown>): unknown {
  const body = `${printed(declarations).replace(/^\/\/.*$/m, '')}\nreturn ${expression};`.replace(/\/\* @__PURE__ \*\/ /g, '');
  return new Function(...Object.keys(scope), body)(...Object.values(scope));
}

describe('the printers with sharing on', () => {
  const values = [{ a: 'x@example.com', c: 'y@example.com' }, { a: 'x@example.com', b: 'much-too-long-an-address@example.com', c: 'y@example.com' }, { a: 'x@example.com' }, { a: 'x@example.com', c: 'y@example.com', e: 1 }];

  it.each<ZodFlavor>(['mini', 'classic'])('zod %s: the same text with its repeats declared, and the same verdicts', (flavor) => {
    const plain = printZod(repeated, zodPrintContext({ model: model(), declared: new Set(), helpers: new Set(), flavor, opaque: new Set() }));
    const shared = new SharedExpressions(() => false);
    const statements = [exported('S', printZod(repeated, zodPrintContext({ model: model(), declared: new Set(), helpers: new Set(), flavor, opaque: new Set(), shared })))];
    const declarations = shared.resolve(statements);
    expect(declarations.length).toBeGreaterThan(1);
    expect(initializerOf(statements[0]!).length).toBeLessThan(plain.length);
    const scope = { z: flavor === 'mini' ? zMini : zClassic, ...runtime, ...mini };
    const before = evaluate([], plain, scope) as zMini.ZodMiniType;
    const after = evaluate(declarations, initializerOf(statements[0]!), scope) as zMini.ZodMiniType;
    for (const value of values) expect(after.safeParse(value).success, JSON.stringify(value)).toBe(before.safeParse(value).success);
    expect(values.map((v) => before.safeParse(v).success)).toEqual([true, false, false, false]);
  });

  it('lean: the same verdicts', () => {
    const plain = printLean(repeated, leanPrintContext(model(), new Set(), new Set()));
    const shared = new SharedExpressions(() => false);
    const statements = [exported('S', printLean(repeated, leanPrintContext(model(), new Set(), new Set(), undefined, shared)))];
    const declarations = shared.resolve(statements);
    expect(declarations.length).toBeGreaterThan(1);
    const scope = { lean, ...runtime };
    const before = evaluate([], plain, scope) as lean.LeanValidator<unknown>;
    const after = evaluate(declarations, initializerOf(statements[0]!), scope) as lean.LeanValidator<unknown>;
    const verdict = (validator: lean.LeanValidator<unknown>, value: unknown): boolean => !('issues' in validator['~standard'].validate(value));
    for (const value of values) expect(verdict(after, value), JSON.stringify(value)).toBe(verdict(before, value));
  });
});

describe('a package whose modules share validators', () => {
  it('type-checks where a shared validator is wrapped (nullable, refined) or stands alone as a component', async () => {
    // The location object repeats (so it is shared), and three components wrap it: in `anyOf` with
    // null (lean's `nullable`), nullable in 3.0's way, and with a `not` (lean's `refined`), as
    // OpenAI's WebSearchApproximateLocation is; each component's validator is typed by the
    // declaration, which the wrapped validator must not lose to an untyped constant.
    const location = { type: 'object', properties: { type: { type: 'string', enum: ['approximate'] }, country: { type: 'string', maxLength: 2 }, city: { type: 'string' } } };
    const spec = specWithSchemas({
      Location: { anyOf: [location, { type: 'null' }] },
      LegacyLocation: { ...location, nullable: true },
      NotEmpty: { ...location, not: { type: 'object', maxProperties: 0 } },
      Place: { type: 'object', properties: { here: location, there: location, anywhere: { type: 'array', items: location } } },
      Effort: { anyOf: [{ type: 'string', enum: ['none', 'minimal', 'low', 'medium', 'high'] }, { type: 'null' }] },
      Effort2: { type: 'object', properties: { a: { type: 'string', enum: ['none', 'minimal', 'low', 'medium', 'high'] }, b: { type: 'string', enum: ['none', 'minimal', 'low', 'medium', 'high'] } } },
    }, { paths: { '/places': { get: { operationId: 'listPlaces', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Place' } } } } } } } } });
    const { dir, output } = await generateToDisk(writeSpec(spec, 'shared-wrapped'), 'shared-wrapped');
    const validators = output.files.get('src/validators.ts')!;
    expect(validators).toContain('below, declared once.');
    expect(validators).toMatch(/export const LocationValidator: lean\.LeanValidator<Location> = \/\* @__PURE__ \*\/ lean\.nullable\(\s*\/\* @__PURE__ \*\/ lean\.object\(/);
    await typeCheckPackage(dir);
  }, 60_000);
});
