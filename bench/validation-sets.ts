/** What the validation section's parent (validation.ts) and its child processes (validation-process.ts) share. */

/** The validator sets measured, in the order of the section's table. */
export const VALIDATOR_SETS = ['lean', 'ours', 'classic', 'ajv', 'hey-api'] as const;
export type ValidatorSet = (typeof VALIDATOR_SETS)[number];

/** A body every set validates, with what finds its validator in each. */
export interface ValidationBody {
  operationId: string;
  status: string;
  /** The response schema's place in the spec (ajv). */
  pointer: string;
  /** hey-api's export (`zGetSpotPriceResponse`). */
  heyName: string;
  value: unknown;
}

/** What a child reads: the bodies, each set's bundled module, the spec as JSON (for ajv). */
export interface ValidationInput {
  bodies: ValidationBody[];
  modules: Partial<Record<ValidatorSet, string>>;
  documentFile: string;
}

/** What a child prints: its set's parses per second (its fastest pass), and how many bodies it refused. */
export interface SetResult {
  set: ValidatorSet;
  operations: number;
  bodies: number;
  parsesPerSecond: number;
  rejected: number;
}
