/**
 * Failures that are ours, not the user's: an exception from a dependency or from the
 * generator itself, tagged with the spec file and the stage it happened in, so the
 * command line can say so in one line instead of passing a stack trace on as advice.
 */
import { resolve } from 'node:path';
import { SpecError } from './load/errors.js';

/** `command` covers what happens around the stages (listing specs/, comparing for --check). */
export type Stage = 'load' | 'model' | `target ${string}` | 'format' | 'write' | 'command';

/** Environment variable that makes the command line print the stack of a generator bug. */
export const DEBUG_VARIABLE = 'SVC_CODEGEN_DEBUG';

/** Exit code of the command line for a generator bug (2 is for the user's mistakes). */
export const GENERATOR_BUG_EXIT_CODE = 3;

export class GeneratorBug extends Error {
  readonly file: string;
  readonly stage: Stage;

  constructor({ file, stage, cause }: { file: string; stage: Stage; cause: unknown }) {
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    super(`${file}: generator bug in stage ${stage} (${reason}); please report it with the document`, { cause });
    this.name = 'GeneratorBug';
    this.file = file;
    this.stage = stage;
  }
}

/** Runs one stage for one file; anything thrown that is not a SpecError becomes a GeneratorBug. */
export async function inStage<T>({ file, stage }: { file: string; stage: Stage }, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof SpecError || error instanceof GeneratorBug ? error : new GeneratorBug({ file, stage, cause: error });
  }
}

/** `inStage` for a synchronous stage (the model and the targets). */
export function inStageSync<T>({ file, stage }: { file: string; stage: Stage }, run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw error instanceof SpecError || error instanceof GeneratorBug ? error : new GeneratorBug({ file, stage, cause: error });
  }
}

/** The lines the command line prints for a generator bug: one, or with the stack when asked. */
export function describeGeneratorBug(bug: GeneratorBug, { withStack }: { withStack: boolean }): string[] {
  if (!withStack) return [`error: ${bug.message}. Set ${DEBUG_VARIABLE}=1 to print the stack.`];
  return [`error: ${bug.message}.`, bug.cause instanceof Error && bug.cause.stack ? bug.cause.stack : String(bug.cause)];
}

/**
 * What a command that serves one document (`mock --spec`, `mcp --spec`) says when the document
 * could not be made into its package: the located problem of a document the generator refuses
 * (exit 2), else a generator bug (exit 3). `display` shows a path as the user gave it.
 */
export function reportDocumentFailure(error: unknown, specFile: string, display: (path: string) => string): number {
  if (error instanceof SpecError) {
    console.error(`error: ${SpecError.format(display(resolve(error.file)), error.problem, error.location)}`);
    return 2;
  }
  const bug = error instanceof GeneratorBug ? error : new GeneratorBug({ file: display(specFile), stage: 'command', cause: error });
  for (const line of describeGeneratorBug(bug, { withStack: Boolean(process.env[DEBUG_VARIABLE]) })) console.error(line);
  return GENERATOR_BUG_EXIT_CODE;
}
