/**
 * The tag values that select each variant of a discriminated union, decided once for every
 * target (types, zod and lean validators, fixtures, the diff). In order: the explicit
 * `mapping`; the variant's own `const` or `enum` on the discriminator property (through `$ref`
 * and `allOf`), which is how most public documents pin a variant (`role: {enum: [user]}`);
 * then the schema name, OpenAPI's implicit mapping. Runs after every schema is converted, so a
 * variant's referenced schema is known.
 */
import { IMPLICIT_TAG_GROUP } from './diagnostic-groups.js';
import { pinnedValues } from './pinned.js';
import { mapSchemaRoots, someChild } from './walk.js';
import type { ApiModel, Diagnostic, SchemaNode, UnionNode } from './types.js';

/** Sets `discriminator.variantTags` on every discriminated union of the model. */
export function tagDiscriminatedUnions(model: ApiModel): void {
  const byKey = new Map(model.schemas.map((s) => [s.key, s.schema]));
  const lookup = (key: string): SchemaNode | undefined => byKey.get(key);
  const seen = new Set<SchemaNode>();
  const visit = (node: SchemaNode): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (node.kind === 'union' && node.discriminator) tagUnion(node, lookup, model.diagnostics);
    someChild(node, visitChild);
  };
  // One callback for the whole walk, not one per node.
  const visitChild = (child: SchemaNode): boolean => {
    visit(child);
    return false;
  };
  mapSchemaRoots(model, (root) => {
    visit(root);
    return root;
  });
}

function tagUnion(union: UnionNode, lookup: (key: string) => SchemaNode | undefined, diagnostics: Diagnostic[]): void {
  const discriminator = union.discriminator!;
  const property = discriminator.propertyName;
  const tags: string[][] = [];
  const fromVariants: string[] = [];
  for (const [index, variant] of union.variants.entries()) {
    const mapped = Object.entries(discriminator.mapping)
      .filter(([, target]) => variant.kind === 'ref' && target === variant.target)
      .map(([value]) => value);
    // Tags are strings: a variant pinning a number or a boolean is told apart by its name.
    const values = pinnedValues(variant, property, lookup);
    const pinned = values?.every((v): v is string => typeof v === 'string') ? values : undefined;
    const name = labelOf(variant, index);
    if (mapped.length > 0) {
      const refused = pinned ? mapped.filter((value) => !pinned.includes(value)) : [];
      if (refused.length > 0)
        diagnostics.push({
          level: 'warning',
          pointer: discriminator.pointer ?? union.pointer,
          message: `discriminator.mapping selects ${name} for ${refused.map((v) => JSON.stringify(v)).join(', ')}, but ${name} allows only ${pinned!.map((v) => JSON.stringify(v)).join(', ')} for \`${property}\`: no such value can be valid`,
        });
      tags.push(mapped);
    } else if (index === discriminator.defaultVariant) {
      // The default variant takes every value no other variant claims: no implicit tag of its own.
      tags.push([]);
    } else if (pinned) {
      if (variant.kind === 'ref' && !pinned.includes(variant.target)) fromVariants.push(`${name} (${pinned.map((v) => JSON.stringify(v)).join(', ')})`);
      tags.push(pinned);
    } else if (variant.kind === 'ref') {
      tags.push([variant.target]);
    } else {
      // An inline variant that pins no value cannot be selected by its tag: a plain union.
      return;
    }
  }
  const shared = [...new Set(tags.flat())].filter((value) => tags.filter((t) => t.includes(value)).length > 1);
  if (shared.length > 0) {
    const owners = (value: string): string => union.variants.filter((_, i) => tags[i]!.includes(value)).map(labelOf).join(' and ');
    diagnostics.push({
      level: 'warning',
      pointer: discriminator.pointer ?? union.pointer,
      message: `discriminator \`${property}\`: ${shared.map((value) => `${JSON.stringify(value)} selects ${owners(value)}`).join('; ')}; the union is validated by its variants alone`,
    });
    return;
  }
  discriminator.variantTags = tags;
  if (fromVariants.length > 0)
    diagnostics.push({
      level: 'warning',
      pointer: discriminator.pointer ?? union.pointer,
      group: IMPLICIT_TAG_GROUP,
      message: `discriminator \`${property}\` has no mapping and its variants pin other values than their schema names: the tags are the variants' own (${fromVariants.join(', ')}), as the values they accept`,
    });
}

const labelOf = (variant: SchemaNode, index: number): string => (variant.kind === 'ref' ? variant.target : `variant #${index + 1}`);
