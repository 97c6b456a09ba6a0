/** Which zod build validators are printed for; kept apart so that plugin declarations load it without the printer. */

/**
 * zod's two builds over one engine: `classic` (`import * as z from 'zod'`, methods such as
 * `.optional()`, usable with every zod API) and `mini` (`zod/mini`, functions such as
 * `z.optional(x)`, which a bundler drops when unused: a third of classic's size in a browser).
 * Both print validators with the same definitions, so what reads them (server prechecks, the
 * mock's field validators) works with either.
 */
export const ZOD_FLAVORS = ['classic', 'mini'] as const;
export type ZodFlavor = (typeof ZOD_FLAVORS)[number];

/** The build a run prints validators for: the `zod` target's `flavor` option. */
export const zodFlavorOf = (context: { targetOptions?: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined }): ZodFlavor =>
  context.targetOptions?.['zod']?.['flavor'] === 'classic' ? 'classic' : 'mini';
