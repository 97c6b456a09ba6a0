/**
 * The validator builders that differ by zod build, for validators printed with zod's classic
 * API (`import * as z from 'zod'`, the default). `mini.ts` has the same for `zod/mini`.
 */
// The namespace import lets bundlers drop zod's locales (see generator/print/zod.ts).
import * as z from 'zod';
import {
  BINARY_BODY_MESSAGE,
  isBinaryBody,
  ownKeys,
  guardDefaultOption,
  taggedUnionMessage,
  type BinaryBody,
} from './validators.js';

/**
 * A string that may be one of the known values or any other string: the spec says new
 * values are added over time, so clients must not reject them.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodType<T[number] | (string & {})> {
  const known = values.join(', ');
  return z.string().describe(`one of ${known}, or a value added later`) as unknown as z.ZodType<
    T[number] | (string & {})
  >;
}

/**
 * An object whose schema does not say `additionalProperties`: JSON Schema accepts other
 * keys, and so does this validator, which keeps them in its output. Its inferred type lists
 * only the declared properties (typed as `z.object`'s), so that TypeScript rejects a
 * misspelled property, as it would for any interface.
 */
export function openObject<const T extends z.core.$ZodLooseShape>(
  shape: T,
): z.ZodObject<z.core.util.Writeable<T>, z.core.$strip> {
  return ownKeys(z.looseObject(shape)) as unknown as z.ZodObject<z.core.util.Writeable<T>, z.core.$strip>;
}

/**
 * `allOf` of two open objects with different properties (the generator checks both): one object
 * validator with both shapes, where `z.intersection` would parse the value once per part and
 * merge the two results. Typed as that intersection, so the inferred type is the same.
 */
export function allOfObjects<const A extends z.ZodObject, const B extends z.ZodObject>(
  a: A,
  b: B,
): z.ZodIntersection<A, B> {
  return ownKeys(z.looseObject({ ...a.shape, ...b.shape })) as unknown as z.ZodIntersection<A, B>;
}

/**
 * A union told apart by a discriminator property (OpenAPI `discriminator`): each option
 * already demands its tag values, so at most one matches; a failure names the allowed tag
 * values, or the first problem of the option the tag selects.
 */
export function taggedUnion<const T extends readonly [z.core.SomeType, ...z.core.SomeType[]]>(
  property: string,
  tags: readonly (readonly string[])[],
  options: T,
  defaultOption?: number,
): z.ZodUnion<T> {
  // The default option (`defaultMapping`) is guarded: a value tagged for another option that fails it must not pass as it.
  const guarded = guardDefaultOption(options, tags, defaultOption, (option, other) =>
    z.intersection(option, z.object({ [property]: z.optional(z.custom(other)) })),
  );
  return z.union(guarded as unknown as T, { error: taggedUnionMessage(property, tags, defaultOption) });
}

/** Validator of a binary request body ({@link BinaryBody}). */
export const binaryBody: z.ZodType<BinaryBody> = z.custom<BinaryBody>(isBinaryBody, { message: BINARY_BODY_MESSAGE });
