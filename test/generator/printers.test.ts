/**
 * The printers of types (print/types.ts), zod validators in both builds (print/zod.ts) and lean
 * validators (print/lean.ts), table by table: a schema node of the model in, the exact text out,
 * in memory. The whole pipeline's view of the same keywords is test/generator/keywords*.test.ts.
 */
import { planValidatorTypes } from '../../generator/plans/validator-types.js';
import { describe, expect, it } from 'vitest';
import type { ApiModel, NamedSchema, SchemaNode } from '../../generator/model/types.js';
import { printLean, leanPrintContext } from '../../generator/print/lean.js';
import { printType, typePrintContext } from '../../generator/print/types.js';
import { printZod, zodPrintContext, type ZodFlavor } from '../../generator/print/zod.js';

const named = (key: string, schema: SchemaNode, recursive = false): NamedSchema => ({ key, typeName: key, schemaName: `${key}Schema`, validatorName: `${key}Validator`, schema, origin: 'component', recursive });

const str = (extra: Partial<Extract<SchemaNode, { kind: 'string' }>> = {}): SchemaNode => ({ kind: 'string', ...extra });
const int = (extra: Partial<Extract<SchemaNode, { kind: 'number' }>> = {}): SchemaNode => ({ kind: 'number', integer: true, ...extra });
const num = (extra: Partial<Extract<SchemaNode, { kind: 'number' }>> = {}): SchemaNode => ({ kind: 'number', integer: false, ...extra });
const ref = (target: string, extra: Partial<Extract<SchemaNode, { kind: 'ref' }>> = {}): SchemaNode => ({ kind: 'ref', target, ...extra });
const prop = (name: string, schema: SchemaNode, required = false) => ({ name, schema, required });
/** An object without `additionalProperties`: other keys are kept, the type lists the declared ones. */
const object = (properties: ReturnType<typeof prop>[]): SchemaNode => ({ kind: 'object', properties, additionalProperties: true, openByDefault: true });
/** An object whose `additionalProperties` is written: `false`, or the schema of the other values. */
const objectWith = (properties: ReturnType<typeof prop>[], additionalProperties: false | SchemaNode): SchemaNode => ({ kind: 'object', properties, additionalProperties });
const tagged = (tag: string): SchemaNode => object([prop('kind', { kind: 'literal', values: [tag] }, true), prop('name', str(), true)]);

/** The named schemas the cases refer to; `Tree` refers to itself. */
const SCHEMAS: NamedSchema[] = [
  named('Cat', tagged('cat')),
  named('Dog', tagged('dog')),
  named('Pet', object([prop('name', str(), true), prop('tag', str())])),
  named('Tree', object([prop('children', { kind: 'array', items: ref('Tree') }, true)]), true),
];

/** A model of these schemas and nothing else: what the printers read of it. */
const model = (): ApiModel => ({
  kind: 'openapi',
  name: 'printers',
  source: 'printers.openapi.yaml',
  title: 'Printers',
  version: '1.0.0',
  servers: [],
  tags: [],
  schemas: SCHEMAS,
  operations: [],
  webhooks: [],
  securitySchemes: [],
  hostedFlows: [],
  client: { className: 'PrintersClient', groups: [] },
  entryNames: { handlers: 'PrintersHandlers', createServer: 'createPrintersServer', createMock: 'createPrintersMock', mock: 'PrintersMock', mockOptions: 'PrintersMockOptions', connection: 'FeedConnection' },
  channels: [],
  messages: [],
  extensions: {},
  definedNames: {},
  diagnostics: [],
});

/** Every named schema's validator is declared before the one printed, unless a case says which are. */
const everyName = SCHEMAS.map((s) => s.key);
const typeOf = (node: SchemaNode): string => printType(node, typePrintContext(model()));
/** The validators whose type the plans declare (the recursive `Tree`): what the zod target hands the printer. */
const opaque = (): Set<string> => planValidatorTypes(model()).declared;
const zodOf = (node: SchemaNode, flavor: ZodFlavor, declared = everyName): string => printZod(node, zodPrintContext({ model: model(), declared: new Set(declared), helpers: new Set(), flavor, opaque: opaque() }));
const leanOf = (node: SchemaNode, declared = everyName): string => printLean(node, leanPrintContext(model(), new Set(declared), new Set()));

interface Case {
  given: SchemaNode;
  /** The named schemas whose validators are declared before this one (every one when absent). */
  declared?: string[];
  want: { type: string; classic: string; mini: string; lean: string };
}

/** Marks a call free of side effects (print/zod.ts `PURE`): every call the printers write carries it. */
const P = '/* @__PURE__ */ ';

const CASES: [string, Case][] = [
  [
    'a string',
    {
      given: str(),
      want: {
        type: `string`,
        classic: `${P}z.string()`,
        mini: `${P}z.string()`,
        lean: `${P}lean.string()`,
      },
    },
  ],
  [
    'an object with a required and an optional property',
    {
      given: object([prop('id', int(), true), prop('note', str())]),
      want: {
        type: `{\nid: number;\nnote?: string;\n}`,
        classic: `${P}openObject({ id: ${P}z.number().int(), note: ${P}z.string().optional() })`,
        mini: `${P}openObject({ id: ${P}z.number().check(${P}z.int()), note: ${P}z.optional(${P}z.string()) })`,
        lean: `${P}lean.object([['id', ${P}lean.number(true), true], ['note', ${P}lean.string()]])`,
      },
    },
  ],
  [
    'a closed object',
    {
      given: objectWith([prop('id', str(), true)], false),
      want: {
        type: `{\nid: string;\n}`,
        classic: `${P}z.strictObject({ id: ${P}z.string() })`,
        mini: `${P}compiledObject({ id: ${P}z.string() }, 'strict')`,
        lean: `${P}lean.object([['id', ${P}lean.string(), true]], false)`,
      },
    },
  ],
  [
    'a nullable string',
    {
      given: str({ nullable: true }),
      want: {
        type: `string | null`,
        classic: `${P}z.string().nullable()`,
        mini: `${P}z.nullable(${P}z.string())`,
        lean: `${P}lean.nullable(${P}lean.string())`,
      },
    },
  ],
  [
    'an optional nullable property',
    {
      given: object([prop('deletedAt', str({ nullable: true, format: 'date-time' }))]),
      want: {
        type: `{\n/** @format date-time */\ndeletedAt?: string | null;\n}`,
        classic: `${P}openObject({ deletedAt: ${P}z.string().check(dateTimeFormat).nullable().optional() })`,
        mini: `${P}openObject({ deletedAt: ${P}z.optional(${P}z.nullable(${P}z.string().check(dateTimeFormat))) })`,
        lean: `${P}lean.object([['deletedAt', ${P}lean.nullable(${P}lean.string(${P}lean.format(dateTimeFormat)))]])`,
      },
    },
  ],
  [
    'a string enum',
    {
      given: str({ enum: ['asc', 'desc'] }),
      want: {
        type: `'asc' | 'desc'`,
        classic: `${P}z.enum(['asc', 'desc'])`,
        mini: `${P}z.enum(['asc', 'desc'])`,
        lean: `${P}lean.literal(['asc', 'desc'])`,
      },
    },
  ],
  [
    'an open string enum',
    {
      given: str({ enum: ['asc', 'desc'], openEnum: true }),
      want: {
        type: `'asc' | 'desc' | (string & {})`,
        classic: `${P}openEnum(['asc', 'desc'])`,
        mini: `${P}openEnum(['asc', 'desc'])`,
        lean: `${P}lean.string()`,
      },
    },
  ],
  [
    'a number enum',
    {
      given: int({ enum: [1, 2, 3] }),
      want: {
        type: `1 | 2 | 3`,
        classic: `${P}z.literal([1, 2, 3])`,
        mini: `${P}z.literal([1, 2, 3])`,
        lean: `${P}lean.literal([1, 2, 3])`,
      },
    },
  ],
  [
    'a const',
    {
      given: { kind: 'literal', values: ['v1'] },
      want: {
        type: `'v1'`,
        classic: `${P}z.literal('v1')`,
        mini: `${P}z.literal('v1')`,
        lean: `${P}lean.literal(['v1'])`,
      },
    },
  ],
  [
    'a union (anyOf)',
    {
      given: { kind: 'union', mode: 'anyOf', variants: [str(), int()] },
      want: {
        type: `string | number`,
        classic: `${P}z.union([${P}z.string(), ${P}z.number().int()])`,
        mini: `${P}z.union([${P}z.string(), ${P}z.number().check(${P}z.int())])`,
        lean: `${P}lean.union([${P}lean.string(), ${P}lean.number(true)])`,
      },
    },
  ],
  [
    'a union (oneOf) of refs',
    {
      given: { kind: 'union', mode: 'oneOf', variants: [ref('Cat'), ref('Pet')] },
      want: {
        type: `Cat | Pet`,
        classic: `${P}z.xor([CatSchema, PetSchema])`,
        mini: `${P}z.xor([CatSchema, PetSchema])`,
        lean: `${P}lean.oneOf([CatValidator, PetValidator])`,
      },
    },
  ],
  [
    'a discriminated union',
    {
      given: { kind: 'union', mode: 'oneOf', variants: [ref('Cat'), ref('Dog')], discriminator: { propertyName: 'kind', mapping: { cat: 'Cat', dog: 'Dog' }, variantTags: [['cat'], ['dog']] } },
      want: {
        type: `(Cat & { kind: 'cat' }) | (Dog & { kind: 'dog' })`,
        classic: `${P}taggedUnion('kind', [['cat'], ['dog']], [${P}z.intersection(CatSchema, ${P}z.object({ kind: ${P}z.literal('cat') })), ${P}z.intersection(DogSchema, ${P}z.object({ kind: ${P}z.literal('dog') }))])`,
        mini: `${P}taggedUnion('kind', [['cat'], ['dog']], [${P}z.intersection(CatSchema, ${P}compiledObject({ kind: ${P}z.literal('cat') })), ${P}z.intersection(DogSchema, ${P}compiledObject({ kind: ${P}z.literal('dog') }))])`,
        lean: `${P}lean.tagged('kind', [['cat'], ['dog']], [CatValidator, DogValidator])`,
      },
    },
  ],
  [
    'an array with min and max',
    {
      given: { kind: 'array', items: str(), minItems: 1, maxItems: 10 },
      want: {
        type: `string[]`,
        classic: `${P}z.array(${P}z.string()).min(1).max(10)`,
        mini: `${P}z.array(${P}z.string()).check(${P}z.minLength(1), ${P}z.maxLength(10))`,
        lean: `${P}lean.array(${P}lean.string(), ${P}lean.bound('min', 1), ${P}lean.bound('max', 10))`,
      },
    },
  ],
  [
    'an array of a union',
    {
      given: { kind: 'array', items: { kind: 'union', mode: 'anyOf', variants: [str(), int()] } },
      want: {
        type: `(string | number)[]`,
        classic: `${P}z.array(${P}z.union([${P}z.string(), ${P}z.number().int()]))`,
        mini: `${P}z.array(${P}z.union([${P}z.string(), ${P}z.number().check(${P}z.int())]))`,
        lean: `${P}lean.array(${P}lean.union([${P}lean.string(), ${P}lean.number(true)]))`,
      },
    },
  ],
  [
    'a record (additionalProperties)',
    {
      given: objectWith([], int()),
      want: {
        type: `{\n[key: string]: number;\n}`,
        classic: `${P}ownKeys(${P}z.object({  }).catchall(${P}z.number().int()))`,
        mini: `${P}ownKeys(${P}z.catchall(${P}compiledObject({  }), ${P}z.number().check(${P}z.int())))`,
        lean: `${P}lean.object([], ${P}lean.number(true))`,
      },
    },
  ],
  [
    'an object with a record beside properties',
    {
      given: objectWith([prop('total', int(), true)], str()),
      want: {
        type: `{\ntotal: number;\n[key: string]: string | number;\n}`,
        classic: `${P}ownKeys(${P}z.object({ total: ${P}z.number().int() }).catchall(${P}z.string()))`,
        mini: `${P}ownKeys(${P}z.catchall(${P}compiledObject({ total: ${P}z.number().check(${P}z.int()) }), ${P}z.string()))`,
        lean: `${P}lean.object([['total', ${P}lean.number(true), true]], ${P}lean.string())`,
      },
    },
  ],
  [
    'a date-time string',
    {
      given: str({ format: 'date-time' }),
      want: {
        type: `string`,
        classic: `${P}z.string().check(dateTimeFormat)`,
        mini: `${P}z.string().check(dateTimeFormat)`,
        lean: `${P}lean.string(${P}lean.format(dateTimeFormat))`,
      },
    },
  ],
  [
    'an email string',
    {
      given: str({ format: 'email' }),
      want: {
        type: `string`,
        classic: `${P}z.string().check(emailFormat)`,
        mini: `${P}z.string().check(emailFormat)`,
        lean: `${P}lean.string(${P}lean.format(emailFormat))`,
      },
    },
  ],
  [
    'a uuid string',
    {
      given: str({ format: 'uuid' }),
      want: {
        type: `string`,
        classic: `${P}z.string().check(uuidFormat)`,
        mini: `${P}z.string().check(uuidFormat)`,
        lean: `${P}lean.string(${P}lean.format(uuidFormat))`,
      },
    },
  ],
  [
    'a ref',
    {
      given: ref('Pet'),
      want: {
        type: `Pet`,
        classic: `PetSchema`,
        mini: `PetSchema`,
        lean: `PetValidator`,
      },
    },
  ],
  [
    'a nullable ref',
    {
      given: ref('Pet', { nullable: true }),
      want: {
        type: `Pet | null`,
        classic: `${P}PetSchema.nullable()`,
        mini: `${P}z.nullable(PetSchema)`,
        lean: `${P}lean.nullable(PetValidator)`,
      },
    },
  ],
  [
    'a recursive ref',
    {
      given: ref('Tree'),
      want: {
        type: `Tree`,
        classic: `TreeSchema`,
        mini: `TreeSchema`,
        lean: `TreeValidator`,
      },
    },
  ],
  [
    'a string pattern with lengths',
    {
      given: str({ pattern: '^[A-Z]{3}$', minLength: 3, maxLength: 3 }),
      want: {
        type: `string`,
        classic: `${P}z.string().regex(${P}new RegExp('^[A-Z]{3}$', 'u')).min(3).max(3)`,
        mini: `${P}z.string().check(${P}z.regex(${P}new RegExp('^[A-Z]{3}$', 'u')), ${P}z.minLength(3), ${P}z.maxLength(3))`,
        lean: `${P}lean.string(${P}lean.pattern(${P}new RegExp('^[A-Z]{3}$', 'u')), ${P}lean.bound('min', 3), ${P}lean.bound('max', 3))`,
      },
    },
  ],
  [
    'an integer with bounds',
    {
      given: int({ minimum: 0, maximum: 100 }),
      want: {
        type: `number`,
        classic: `${P}z.number().int().gte(0).lte(100)`,
        mini: `${P}z.number().check(${P}z.int(), ${P}z.gte(0), ${P}z.lte(100))`,
        lean: `${P}lean.number(true, ${P}lean.bound('min', 0), ${P}lean.bound('max', 100))`,
      },
    },
  ],
  [
    'a number with exclusive bounds and a multiple',
    {
      given: num({ exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 }),
      want: {
        type: `number`,
        classic: `${P}z.number().gt(0).lt(1).multipleOf(0.25)`,
        mini: `${P}z.number().check(${P}z.gt(0), ${P}z.lt(1), ${P}z.multipleOf(0.25))`,
        lean: `${P}lean.number(false, ${P}lean.bound('min', 0, false), ${P}lean.bound('max', 1, false), ${P}lean.multipleOf(0.25))`,
      },
    },
  ],
  [
    'an int32',
    {
      given: int({ format: 'int32' }),
      want: {
        type: `number`,
        classic: `${P}z.number().int().gte(-2147483648).lte(2147483647)`,
        mini: `${P}z.number().check(${P}z.int(), ${P}z.gte(-2147483648), ${P}z.lte(2147483647))`,
        lean: `${P}lean.number(true, ${P}lean.bound('min', -2147483648), ${P}lean.bound('max', 2147483647))`,
      },
    },
  ],
  [
    'a boolean',
    {
      given: { kind: 'boolean' },
      want: {
        type: `boolean`,
        classic: `${P}z.boolean()`,
        mini: `${P}z.boolean()`,
        lean: `lean.boolean`,
      },
    },
  ],
  [
    'a ref to a schema declared after it (reached lazily)',
    {
      given: ref('Pet'), declared: ['Cat', 'Dog', 'Tree'],
      want: {
        type: `Pet`,
        classic: `${P}z.lazy(() => PetSchema)`,
        mini: `${P}z.lazy(() => PetSchema)`,
        lean: `${P}lean.lazy(() => PetValidator)`,
      },
    },
  ],
  [
    'a tuple with a rest',
    {
      given: { kind: 'array', items: { kind: 'boolean' }, prefixItems: [str(), int()], minItems: 1 },
      want: {
        type: `[string, number?, ...boolean[]]`,
        classic: `${P}z.tuple([${P}z.string(), ${P}z.number().int().optional()], ${P}z.boolean())`,
        mini: `${P}z.tuple([${P}z.string(), ${P}z.optional(${P}z.number().check(${P}z.int()))], ${P}z.boolean())`,
        lean: `${P}lean.tuple([${P}lean.string(), ${P}lean.number(true)], 1, lean.boolean)`,
      },
    },
  ],
  [
    'a date string',
    {
      given: str({ format: 'date' }),
      want: {
        type: `string`,
        classic: `${P}z.string().check(dateFormat)`,
        mini: `${P}z.string().check(dateFormat)`,
        lean: `${P}lean.string(${P}lean.format(dateFormat))`,
      },
    },
  ],
  [
    'an intersection',
    {
      given: { kind: 'intersection', parts: [ref('Pet'), object([prop('age', int())])] },
      want: {
        type: `Pet & {\nage?: number;\n}`,
        classic: `${P}allOfObjects(PetSchema, ${P}openObject({ age: ${P}z.number().int().optional() }))`,
        mini: `${P}allOfObjects(PetSchema, ${P}openObject({ age: ${P}z.optional(${P}z.number().check(${P}z.int())) }))`,
        lean: `${P}lean.allOf([PetValidator, ${P}lean.object([['age', ${P}lean.number(true)]])])`,
      },
    },
  ],
];

describe('printers', () => {
  it.each(CASES)('%s', (_, { given, declared, want }) => {
    expect({ type: typeOf(given), classic: zodOf(given, 'classic', declared), mini: zodOf(given, 'mini', declared), lean: leanOf(given, declared) }).toEqual(want);
  });

  // What a module imports follows from what its printer recorded: a helper printed and not recorded would not be imported.
  it.each([
    ['an open object', object([prop('at', str({ format: 'date-time' }))]), { classic: ['openObject', 'z', 'dateTimeFormat'], mini: ['openObject', 'z', 'dateTimeFormat'], lean: ['lean', 'dateTimeFormat'] }],
    ['a closed object', objectWith([prop('id', str(), true)], false), { classic: ['z'], mini: ['compiledObject', 'z'], lean: ['lean'] }],
    ['a ref', ref('Pet'), { classic: [], mini: [], lean: [] }],
  ] as const)('records the helpers %s uses', (_, given, want) => {
    const recorded = (print: (helpers: Set<string>) => string): string[] => {
      const helpers = new Set<string>();
      print(helpers);
      return [...helpers].sort();
    };
    const declared = new Set(everyName);
    expect({
      classic: recorded((helpers) => printZod(given, zodPrintContext({ model: model(), declared, helpers, flavor: 'classic', opaque: opaque() }))),
      mini: recorded((helpers) => printZod(given, zodPrintContext({ model: model(), declared, helpers, flavor: 'mini', opaque: opaque() }))),
      lean: recorded((helpers) => printLean(given, leanPrintContext(model(), declared, helpers))),
    }).toEqual({ classic: [...want.classic].sort(), mini: [...want.mini].sort(), lean: [...want.lean].sort() });
  });
});
