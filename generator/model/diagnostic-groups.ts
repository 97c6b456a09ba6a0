/**
 * Kinds of diagnostics a large document may have by the dozen: a run prints one line with
 * their count (cli/print.ts), `--explain` each of them.
 */
/** A name wanted twice, the later claim numbered (model/finish.ts). */
export const NUMBERED_NAME_GROUP = 'numbered-name';
/** A discriminator whose variants' tags are the values they pin, not their names (model/discriminators.ts). */
export const IMPLICIT_TAG_GROUP = 'discriminator-tag-from-variant';
/** `nullable: true` in an OpenAPI 3.1 document, read as 3.0 reads it (model/schema.ts). */
export const NULLABLE_IN_31_GROUP = 'nullable-in-3.1';
/** An example that contradicts its own schema, left out of fixtures and docs (model/examples.ts). */
export const EXAMPLE_MISFIT_GROUP = 'example-misfit';
