/**
 * What `--targets` chooses among: the parts of a package beyond its types, validators and
 * `operations`, which every package has. Each part names the targets that emit it. A module
 * of its own, without the targets, so that the pipeline can read it without loading them.
 */
export const OPTIONAL_PARTS = {
  client: ['client', 'feed-client', 'hosted-flows'],
  server: ['server'],
  fixtures: ['fixtures'],
  mock: ['mock'],
} as const;

export type OptionalPart = keyof typeof OPTIONAL_PARTS;

export const OPTIONAL_PART_NAMES = Object.keys(OPTIONAL_PARTS) as OptionalPart[];

/** Parts a part imports: the mock is a server answering from fixtures. */
const PART_NEEDS: Record<OptionalPart, readonly OptionalPart[]> = { client: [], server: [], fixtures: [], mock: ['server', 'fixtures'] };

/** The chosen parts with those they need, in a stable order; every part when none were chosen. */
export function partsWithNeeds(chosen: readonly OptionalPart[] | undefined): OptionalPart[] {
  if (chosen === undefined) return [...OPTIONAL_PART_NAMES];
  const parts = new Set<OptionalPart>();
  const add = (part: OptionalPart): void => {
    if (parts.has(part)) return;
    parts.add(part);
    for (const needed of PART_NEEDS[part]) add(needed);
  };
  for (const part of chosen) add(part);
  return OPTIONAL_PART_NAMES.filter((part) => parts.has(part));
}

/** The targets these parts leave out: the optional targets of the parts not chosen. */
export function disabledTargets(parts: readonly OptionalPart[]): ReadonlySet<string> {
  const chosen = new Set<string>(parts.flatMap((part) => OPTIONAL_PARTS[part]));
  return new Set(Object.values(OPTIONAL_PARTS).flat().filter((name) => !chosen.has(name)));
}
