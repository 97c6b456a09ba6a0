/**
 * Marks the call that follows as free of side effects, so that a bundler drops a validator
 * nothing uses (a validator is a top-level call; unmarked, every bundle keeps all of them).
 * One mark covers a whole chain (`z.string().min(1)`); each call in an argument needs its own.
 */
export const PURE = '/* @__PURE__ */ ';
