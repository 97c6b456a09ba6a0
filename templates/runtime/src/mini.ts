/**
 * The validator builders that differ by zod build, for validators printed with `zod/mini`
 * (`--zod mini`): the same names and inferred types as `classic.ts`, built with mini's
 * functions, so that a bundle carries no part of zod's classic API.
 */
import * as z from 'zod/mini';
// Named imports: reading `z.core` would keep the whole core namespace, every locale with it.
import { $constructor, $ZodObjectJIT, type $ZodObjectDef } from 'zod/v4/core';
import {
  BINARY_BODY_MESSAGE,
  isBinaryBody,
  ownKeys,
  guardDefaultOption,
  taggedUnionMessage,
  type BinaryBody,
} from './validators.js';

/**
 * mini's object validator on the engine's compiled fast path (`$ZodObjectJIT`, which classic's
 * objects use): mini's own objects interpret every parse, about 1.5 times slower on the v2
 * responses (`npm run bench -- --only validation`). Where `new Function` is not allowed (a strict
 * Content-Security-Policy), the engine interprets, as mini's own objects do.
 */
type Init = (inst: z.ZodMiniObject, def: $ZodObjectDef) => void;
const CompiledObject = /* @__PURE__ */ $constructor('ZodMiniObject', (inst: z.ZodMiniObject, def: $ZodObjectDef) => {
  // What mini's own object constructor does, with the compiled object in place of the interpreted one.
  const [compiled, mini]: [Init, Init] = [$ZodObjectJIT.init, z.ZodMiniType.init];
  compiled(inst, def);
  mini(inst, def);
  Object.defineProperty(inst, 'shape', { get: () => inst._zod.def.shape, configurable: true });
});

/** What {@link compiledObject} does with keys its shape does not list. */
export type UnknownKeys = 'strip' | 'strict' | 'loose';

/** `z.object`, `z.strictObject` or `z.looseObject` of mini, compiled (see `CompiledObject`). */
export function compiledObject<const T extends z.core.$ZodLooseShape>(
  shape: T,
  unknownKeys: 'loose',
): z.ZodMiniObject<T, z.core.$loose>;
export function compiledObject<const T extends z.core.$ZodLooseShape>(
  shape: T,
  unknownKeys: 'strict',
): z.ZodMiniObject<T, z.core.$strict>;
export function compiledObject<const T extends z.core.$ZodLooseShape>(
  shape: T,
  unknownKeys?: 'strip',
): z.ZodMiniObject<T, z.core.$strip>;
export function compiledObject(shape: z.core.$ZodLooseShape, unknownKeys: UnknownKeys = 'strip'): z.ZodMiniObject {
  const catchall = unknownKeys === 'loose' ? z.unknown() : unknownKeys === 'strict' ? z.never() : undefined;
  return new CompiledObject({ type: 'object', shape, ...(catchall ? { catchall } : {}) }) as z.ZodMiniObject;
}

/**
 * A string that may be one of the known values or any other string: the spec says new
 * values are added over time, so clients must not reject them.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  _values: T,
): z.ZodMiniType<T[number] | (string & {})> {
  return z.string() as unknown as z.ZodMiniType<T[number] | (string & {})>;
}

/**
 * An object whose schema does not say `additionalProperties`: it keeps unknown keys, and its
 * inferred type lists only the declared properties (see `classic.ts`).
 */
export function openObject<const T extends z.core.$ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<z.core.util.Writeable<T>, z.core.$strip> {
  return ownKeys(compiledObject(shape, 'loose')) as unknown as z.ZodMiniObject<z.core.util.Writeable<T>, z.core.$strip>;
}

/** `allOf` of two open objects with different properties, as one object validator (see `classic.ts`). */
export function allOfObjects<const A extends z.ZodMiniObject, const B extends z.ZodMiniObject>(
  a: A,
  b: B,
): z.ZodMiniIntersection<A, B> {
  return ownKeys(compiledObject({ ...a.shape, ...b.shape }, 'loose')) as unknown as z.ZodMiniIntersection<A, B>;
}

/** A union told apart by a discriminator property (see `classic.ts`). */
export function taggedUnion<const T extends readonly [z.core.SomeType, ...z.core.SomeType[]]>(
  property: string,
  tags: readonly (readonly string[])[],
  options: T,
  defaultOption?: number,
): z.ZodMiniUnion<T> {
  // The default option (`defaultMapping`) is guarded: a value tagged for another option that fails it must not pass as it.
  const guarded = guardDefaultOption(options, tags, defaultOption, (option, other) =>
    z.intersection(option, z.object({ [property]: z.optional(z.custom(other)) })),
  );
  return z.union(guarded as unknown as T, { error: taggedUnionMessage(property, tags, defaultOption) });
}

/** Validator of a binary request body ({@link BinaryBody}). */
export const binaryBody: z.ZodMiniType<BinaryBody> = z.custom<BinaryBody>(isBinaryBody, {
  message: BINARY_BODY_MESSAGE,
});
