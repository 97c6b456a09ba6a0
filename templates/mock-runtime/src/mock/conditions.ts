/**
 * The prose conditions of `x-state-machine` transitions that have a checkable form:
 * `<field> is <value>` and `<field> is omitted or <value>`, with an optional remark in
 * brackets (`type is request (a money request)`). Anything else is not checked.
 */

export type Condition = { field: string; value: string | boolean; orOmitted: boolean } | undefined;

const FORM = /^([A-Za-z_][\w.]*) is (omitted or )?([\w-]+)(?:\s*\(.*\))?$/;

export function parseCondition(text: string | undefined): Condition {
  const match = text === undefined ? null : FORM.exec(text.trim());
  if (!match) return undefined;
  const raw = match[3]!;
  return {
    field: match[1]!,
    value: raw === 'true' ? true : raw === 'false' ? false : raw,
    orOmitted: match[2] !== undefined,
  };
}

/**
 * Whether a condition holds: the field is looked up in each source in turn (the request
 * body, then the resource); `undefined` when it cannot be checked.
 */
export function conditionHolds(condition: Condition, sources: readonly unknown[]): boolean | undefined {
  if (!condition) return undefined;
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    const value = (source as Record<string, unknown>)[condition.field];
    if (value === undefined) continue;
    return value === condition.value;
  }
  // Absent everywhere: `omitted or` holds; anything else cannot be told.
  return condition.orOmitted ? true : undefined;
}
