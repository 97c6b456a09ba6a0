/**
 * Last step of every loader: sort, plan names, order schemas so that each is declared
 * after what it uses, and mark reference cycles.
 */
import { deriveOperationFacts, languagesOf, tagTree } from './derive.js';
import { NUMBERED_NAME_GROUP } from './diagnostic-groups.js';
import { tagDiscriminatedUnions } from './discriminators.js';
import { PAGE_ITERATOR, STREAM_FUNCTION, streamAlternativeOf } from './operation-kinds.js';
import { schemasDifferingIn } from './directions.js';
import { narrowTypeless } from './narrow.js';
import { dropMisfitExamples } from './examples.js';
import { NamePlanner, camelCase, camelCaseProperty, pascalCase } from './names.js';
import type { ApiModel, ClientModel, EntryNames, NamedSchema, NameRequests, OperationModel } from './types.js';
import { referencedNames } from './walk.js';
import { compareText } from '../util/compare.js';


/**
 * `names`: what the targets declare (targets/registry.ts `nameRequestsOf`): their fixed names,
 * handed out before any name of the document, and their names per operation, after each
 * operation's own.
 */
export function finishModel(model: ApiModel, names: NameRequests): ApiModel {
  narrowTypeless(model);
  dropMisfitExamples(model);
  tagDiscriminatedUnions(model);
  const planner = new NamePlanner();
  model.definedNames = planFixedNames(planner, names);
  const byKey = new Map(model.schemas.map((s) => [s.key, s]));
  for (const schema of model.schemas) {
    for (const target of referencedNames(schema.schema)) {
      if (!byKey.has(target)) model.diagnostics.push({ level: 'error', pointer: schema.schema.pointer, message: `reference to unknown schema ${target}` });
    }
  }
  const sorted = [...model.schemas].sort((a, b) => compareText(a.key, b.key));
  for (const schema of sorted) {
    const source = `${schema.origin === 'component' ? 'components.schemas' : 'schema at'} ${schema.key}`;
    schema.typeName = planner.claim(pascalCase(schema.key), source);
    schema.schemaName = planner.claim(`${schema.typeName}Schema`, source);
  }
  for (const direction of ['input', 'output'] as const) {
    const differing = schemasDifferingIn(sorted, direction);
    const suffix = direction === 'input' ? 'Input' : 'Output';
    for (const schema of sorted.filter((s) => differing.has(s.key))) {
      const source = `the ${direction} form of ${schema.key}`;
      const typeName = planner.claim(`${schema.typeName}${suffix}`, source);
      schema.variants = { ...schema.variants, [direction]: { typeName, schemaName: planner.claim(`${typeName}Schema`, source), validatorName: '' } };
    }
  }
  // The lean validators' names come after every type and zod validator has its own, so that they change none of those.
  for (const schema of sorted) {
    schema.validatorName = planner.claim(`${schema.typeName}Validator`, `the lean validator of ${schema.key}`);
    for (const direction of ['input', 'output'] as const) {
      const form = schema.variants?.[direction];
      if (form) form.validatorName = planner.claim(`${form.typeName}Validator`, `the lean validator of the ${direction} form of ${schema.key}`);
    }
  }
  model.schemas = orderByDependencies(sorted);
  markRecursive(model.schemas);

  const seen = new Map<string, string>();
  for (const list of [model.operations, model.webhooks]) {
    list.sort((a, b) => compareText(a.operationId, b.operationId));
    for (const op of list) {
      const where = `${op.method} ${op.path}`;
      const previous = seen.get(op.operationId);
      if (previous) model.diagnostics.push({ level: 'error', pointer: op.pointer, message: `operationId ${op.operationId} is used by both ${previous} and ${where}` });
      seen.set(op.operationId, where);
      planParameterKeys(op);
      const source = `operation ${op.operationId}`;
      op.name = planner.claim(camelCase(op.operationId), source);
      const base = pascalCase(op.operationId);
      op.names = {
        params: planner.claim(`${base}Params`, source),
        paramsSchema: planner.claim(`${base}ParamsSchema`, source),
        body: planner.claim(`${base}Body`, source),
        bodySchema: planner.claim(`${base}BodySchema`, source),
        response: planner.claim(`${base}Response`, source),
        errorId: planner.claim(`${base}ErrorId`, source),
        error: planner.claim(`${base}Error`, source),
        item: planner.claim(`${base}Item`, source),
        streamItem: streamAlternativeOf(op) ? planner.claim(`${base}StreamItem`, source) : '',
      };
      const bases = { camel: camelCase(op.operationId), pascal: base };
      op.targetNames = {};
      // Webhooks are answered, not called: only the rules that ask for them name anything of a webhook.
      for (const { plugin, rule } of names.perOperation) {
        if ((list === model.operations || rule.webhooks === true) && (rule.covers?.(op) ?? true)) op.targetNames[rule.key] = planner.claim(rule.want(bases), source, plugin);
      }
    }
  }
  model.hostedFlows.sort((a, b) => compareText(a.name, b.name));
  for (const flow of model.hostedFlows) {
    const source = `hosted flow ${flow.name}`;
    flow.names = { params: planner.claim(`${pascalCase(flow.name)}FlowParams`, source), url: planner.claim(`${camelCase(flow.name)}FlowUrl`, source) };
  }
  model.client = planClient(model, planner);
  model.entryNames = planEntryNames(model.client.className, model.name, (wanted) => planner.claim(wanted, 'the generated package'));
  for (const c of planner.collisions) {
    if (c.firstPlugin !== undefined && c.secondPlugin !== undefined && c.firstPlugin !== c.secondPlugin) {
      // Two plugins want one name: said on its own (not among the document's numbered names), since a plugin's author must hear of it.
      model.diagnostics.push({
        level: 'warning',
        message: `name ${c.name} is wanted by ${pluginSource(c.firstPlugin, c.first)} and by ${pluginSource(c.secondPlugin, c.second)}; ${c.secondPlugin}'s is named ${c.resolvedAs}`,
      });
      continue;
    }
    model.diagnostics.push({
      level: 'warning',
      group: NUMBERED_NAME_GROUP,
      message: `name ${c.name} is wanted by ${c.first} and by ${c.second}; the second is named ${c.resolvedAs}`,
    });
  }
  deriveOperationFacts(model);
  const languages = languagesOf(model);
  if (languages) model.languages = languages;
  model.messages.sort((a, b) => compareText(a.key, b.key));
  model.securitySchemes.sort((a, b) => compareText(a.key, b.key));
  return model;
}

/** A plugin as a collision names it: `plugin routes`, with what it wanted the name for when that was an operation's. */
const pluginSource = (plugin: string, source: string): string => (source === `target ${plugin}` ? `plugin ${plugin}` : `plugin ${plugin} (${source})`);

/**
 * The plugins' fixed names, in the order they run, before any name of the document: what a
 * plugin defines is claimed (a name an earlier plugin defines or prints moves aside, numbered,
 * with a warning naming both), what it only prints is reserved and may be shared.
 */
function planFixedNames(planner: NamePlanner, names: NameRequests): ApiModel['definedNames'] {
  const defined: ApiModel['definedNames'] = {};
  for (const { plugin, defines, reserves } of names.fixed) {
    const source = `target ${plugin}`;
    const own: Record<string, string> = {};
    for (const name of defines) own[name] = planner.claim(name, source, plugin);
    for (const name of reserves) planner.reserve(name, source, plugin);
    if (defines.length > 0) defined[plugin] = own;
  }
  return defined;
}

/** The same name in two locations (path `id` and query `id`) gets `<in>_<name>` for all but the path one. */
function planParameterKeys(op: OperationModel): void {
  const byName = new Map<string, number>();
  for (const p of op.parameters) byName.set(p.name, (byName.get(p.name) ?? 0) + 1);
  const taken = new Set<string>();
  const order = [...op.parameters].sort((a, b) => (a.in === 'path' ? 0 : 1) - (b.in === 'path' ? 0 : 1));
  for (const p of order) {
    let key = (byName.get(p.name) ?? 0) > 1 && taken.has(p.name) ? `${p.in}_${p.name}` : p.name;
    while (taken.has(key)) key = `${key}_`;
    p.key = key;
    taken.add(key);
  }
}

/**
 * The names of the server stub, the mock and the feed client, from the client's name
 * (`V2Client` -> `V2Handlers`, `createV2Server`, `createV2Mock`, `V2Connection`). `claim`
 * makes each free of every other generated name (a schema named `V2Handlers` keeps its name;
 * the handlers type becomes `V2Handlers2`, with a warning).
 */
export function planEntryNames(clientClassName: string, apiName: string, claim: (wanted: string) => string): EntryNames {
  const base = clientClassName.replace(/Client$/, '') || pascalCase(apiName);
  return {
    handlers: claim(`${base}Handlers`),
    createServer: claim(`create${base}Server`),
    createMock: claim(`create${base}Mock`),
    mock: claim(`${base}Mock`),
    mockOptions: claim(`${base}MockOptions`),
    connection: claim(`${base}Connection`),
  };
}

/** Operations without a tag go to this group. */
const UNTAGGED_GROUP = 'default';

function planClient(model: ApiModel, planner: NamePlanner): ClientModel {
  const byTag = new Map<string, string[]>();
  for (const op of model.operations) {
    const tag = op.tags[0] ?? UNTAGGED_GROUP;
    byTag.set(tag, [...(byTag.get(tag) ?? []), op.operationId]);
  }
  // A tag nested under another (OpenAPI 3.2) makes a group of its parent too, to be reached through.
  const parents = tagParents(model);
  for (const tag of [...byTag.keys()]) for (let up = parents.get(tag); up !== undefined && !byTag.has(up); up = parents.get(up)) byTag.set(up, []);
  const className = planner.claim(`${pascalCase(model.name)}Client`, 'the client class');
  // Properties live on the client class, next to `http` and its constructor.
  const properties = new NamePlanner(['http', 'constructor']);
  const groups = [...byTag.entries()]
    .sort(([a], [b]) => compareText(a, b))
    .map(([tag, operations]) => {
      // A 3.2 tag's short summary where it has no description.
      const declared = model.tags.find((t) => t.name === tag);
      const description = declared?.description ?? declared?.summary;
      return {
        tag,
        className: planner.claim(`${pascalCase(tag)}Api`, `the client group of tag ${tag}`),
        property: properties.claim(camelCaseProperty(tag), `tag ${tag}`),
        ...(description ? { description } : {}),
        operations: operations.sort(compareText),
        children: [] as ClientModel['groups'][number]['children'],
      };
    });
  const byId = new Map(model.operations.map((op) => [op.operationId, op]));
  for (const group of groups) {
    // A child's property sits beside the group's methods, `http` and its constructor.
    const members = new NamePlanner(['http', 'constructor', ...group.operations.flatMap((id) => [byId.get(id)!.name, byId.get(id)!.targetNames[PAGE_ITERATOR] ?? '', byId.get(id)!.targetNames[STREAM_FUNCTION] ?? ''].filter((n) => n !== ''))]);
    for (const child of groups) {
      if (parents.get(child.tag) === group.tag) group.children.push({ property: members.claim(camelCaseProperty(child.tag), `tag ${child.tag} under ${group.tag}`), className: child.className });
    }
  }
  return { className, groups };
}

/** Each tag's parent in the tag tree (a tag in a cycle of parents, or under an unknown tag, has none). */
function tagParents(model: ApiModel): Map<string, string> {
  const parents = new Map<string, string>();
  const stack: string[] = [];
  for (const node of tagTree(model)) {
    stack.length = node.depth;
    if (node.depth > 0) parents.set(node.name, stack[node.depth - 1]!);
    stack.push(node.name);
  }
  return parents;
}

/** Depth-first post-order over keys in sorted order: deterministic, dependencies first. */
function orderByDependencies(schemas: NamedSchema[]): NamedSchema[] {
  const byKey = new Map(schemas.map((s) => [s.key, s]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: NamedSchema[] = [];
  const visit = (schema: NamedSchema): void => {
    if (done.has(schema.key) || visiting.has(schema.key)) return;
    visiting.add(schema.key);
    for (const dep of [...referencedNames(schema.schema)].sort()) {
      const target = byKey.get(dep);
      if (target) visit(target);
    }
    visiting.delete(schema.key);
    done.add(schema.key);
    out.push(schema);
  };
  schemas.forEach(visit);
  return out;
}

function markRecursive(schemas: NamedSchema[]): void {
  // Each schema's references read once: the search below visits a schema once for every schema that reaches it.
  const referenced = new Map(schemas.map((s) => [s.key, referencedNames(s.schema)]));
  const reaches = (from: string, to: string): boolean => {
    const stack = [...referenced.get(from)!];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const key = stack.pop()!;
      if (key === to) return true;
      const next = referenced.get(key);
      if (seen.has(key) || next === undefined) continue;
      seen.add(key);
      stack.push(...next);
    }
    return false;
  };
  for (const schema of schemas) schema.recursive = reaches(schema.key, schema.key);
}
