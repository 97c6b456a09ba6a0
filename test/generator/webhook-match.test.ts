/**
 * What the model decides for a receiver of webhooks (model/webhooks.ts): the body property that
 * tells the webhooks apart, and how the document says they are signed.
 */
import { describe, expect, it } from 'vitest';
import { webhookGuesses } from '../../generator/model/webhooks.js';
import { loadModel } from '../../generator/pipeline.js';
import { runCli } from '../helpers/cli.js';
import { writeSpec } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

const pinned = (property: string, value: string, extra: Record<string, unknown> = {}): object => ({
  type: 'object',
  required: ['id', property],
  properties: { id: { type: 'string' }, [property]: { type: 'string', enum: [value] }, ...extra },
});

/** A 3.1 document whose webhooks `name -> body schema` each have a POST with that JSON body. */
function hooks(bodies: Record<string, object>, extra: { schemas?: Record<string, unknown>; root?: Record<string, unknown>; parameters?: object[] } = {}): object {
  return {
    openapi: '3.1.0',
    info: { title: 'Hooks', version: '1.0.0' },
    paths: {},
    webhooks: Object.fromEntries(
      Object.entries(bodies).map(([name, schema]) => [
        name,
        { post: { ...(extra.parameters ? { parameters: extra.parameters } : {}), requestBody: { content: { 'application/json': { schema } } }, responses: { '200': { description: 'taken' } } } },
      ]),
    ),
    components: { schemas: extra.schemas ?? {} },
    ...extra.root,
  };
}

const modelOf = async (doc: object, name: string) => loadModel({ file: writeSpec(doc, name), name });

describe('the body property that tells webhooks apart', () => {
  it.each([
    [
      "OpenAI's spelling: `type` pinned by a one-value enum, `object` the same in all",
      hooks({ batch_completed: pinned('type', 'batch.completed', { object: { type: 'string', enum: ['event'] } }), batch_failed: pinned('type', 'batch.failed', { object: { type: 'string', enum: ['event'] } }) }),
      { property: 'type', values: { postBatchCompleted: 'batch.completed', postBatchFailed: 'batch.failed' } },
    ],
    [
      'ours: a base with a free `type`, each webhook pinning it by `const` beside the `allOf`',
      hooks(
        { ping: { $ref: '#/components/schemas/Ping' }, created: { $ref: '#/components/schemas/Created' } },
        {
          schemas: {
            Base: { type: 'object', properties: { type: { type: 'string' }, id: { type: 'string' } } },
            Ping: { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { type: { const: 'ping' } } },
            Created: { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { type: { const: 'thing:created' } } },
          },
        },
      ),
      { property: 'type', values: { postCreated: 'thing:created', postPing: 'ping' } },
    ],
    [
      'a pinned value behind a $ref',
      hooks(
        { a: { type: 'object', properties: { event: { $ref: '#/components/schemas/A' } } }, b: pinned('event', 'b') },
        { schemas: { A: { type: 'string', const: 'a' } } },
      ),
      { property: 'event', values: { postA: 'a', postB: 'b' } },
    ],
    ['`type` preferred to another property that tells them apart', hooks({ a: pinned('kind', 'x', { type: { const: 'a' } }), b: pinned('kind', 'y', { type: { const: 'b' } }) }), { property: 'type', values: { postA: 'a', postB: 'b' } }],
    ['one value pinned by two webhooks', hooks({ a: pinned('type', 'same'), b: pinned('type', 'same') }), undefined],
    ['a property pinned in one webhook only', hooks({ a: pinned('type', 'a'), b: { type: 'object', properties: { type: { type: 'string' } } } }), undefined],
    [
      'a JSON body listed after a form (the validator checks the first media type)',
      (() => {
        const doc = hooks({ a: pinned('type', 'a'), b: pinned('type', 'b') }) as { webhooks: Record<string, { post: { requestBody: { content: Record<string, unknown> } } }> };
        const content = doc.webhooks['a']!.post.requestBody.content;
        doc.webhooks['a']!.post.requestBody.content = { 'application/x-www-form-urlencoded': { schema: { type: 'object' } }, ...content };
        return doc;
      })(),
      undefined,
    ],
    ['an open enum', hooks({ a: { type: 'object', properties: { type: { type: 'string', anyOf: [{ enum: ['a'] }, { type: 'string' }] } } }, b: pinned('type', 'b') }), undefined],
  ])('%s', async (name, doc, want) => {
    const model = await modelOf(doc, 'webhook-match');
    expect(model.webhookMatch, name).toEqual(want);
    const warned = model.diagnostics.filter((d) => d.pointer === '/webhooks' && /no body property tells the 2 webhooks apart/.test(d.message));
    expect(warned, name).toHaveLength(want ? 0 : 1);
  });
});

describe('how the document says its webhooks are signed', () => {
  const two = { a: pinned('type', 'a'), b: pinned('type', 'b') };
  const standardHeaders = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } }));
  it.each([
    ['nothing', hooks(two), undefined],
    ['x-delivery with a signature header: our RSA scheme', hooks(two, { root: { 'x-delivery': { signatureHeader: 'X-Sig' } } }), { scheme: 'x-delivery', header: 'X-Sig', source: 'x-delivery' }],
    ['x-delivery naming Standard Webhooks', hooks(two, { root: { 'x-delivery': { scheme: 'standard-webhooks' } } }), { scheme: 'standard', source: 'x-delivery' }],
    ["every webhook declaring Standard Webhooks' headers", hooks(two, { parameters: standardHeaders }), { scheme: 'standard', source: 'headers' }],
  ])('%s', async (name, doc, want) => {
    expect((await modelOf(doc, 'webhook-signature')).webhookSignature, name).toEqual(want);
  });

  it('warns of an x-delivery scheme it does not know, where it is', async () => {
    const model = await modelOf(hooks(two, { root: { 'x-delivery': { scheme: 'hmac-md5' } } }), 'webhook-signature-bad');
    expect(model.webhookSignature).toBeUndefined();
    expect(model.diagnostics).toContainEqual(expect.objectContaining({ level: 'warning', pointer: '/x-delivery', message: expect.stringMatching(/^x-delivery\.scheme: must be one of/) }));
  });
});

describe('--explain', () => {
  const two = { a: pinned('type', 'a'), b: pinned('type', 'b') };
  it.each([
    ['matched by a body property, signed with RSA', hooks(two, { root: { 'x-delivery': { signatureHeader: 'X-Sig' } } }), undefined, [/^by the body's `type`, which each of the 2 webhooks' payloads/, /^RSA PKCS#1 v1\.5 SHA-256 in X-Sig, from x-delivery$/]],
    ['nothing tells them apart, unsigned', hooks({ a: pinned('type', 'same'), b: pinned('type', 'same') }), undefined, [/^nothing in the body tells the 2 webhooks apart/, /^unsigned: the document says nothing/]],
    ['the option says Standard Webhooks', hooks(two), 'standard', [/^by the body's `type`/, /^Standard Webhooks, as --option webhooks\.signature=standard says$/]],
  ])('%s', async (_, doc, signatureOption, want) => {
    const guesses = webhookGuesses({ model: await modelOf(doc, 'webhook-explain'), signatureOption });
    expect(guesses.map((g) => g.subject)).toEqual(['matching', 'signature']);
    guesses.forEach((g, i) => expect(g.guess).toMatch(want[i]!));
  });

  it('says nothing of a document without webhooks, and prints what it says with the mock plan', async () => {
    expect(webhookGuesses({ model: { webhooks: [] } })).toEqual([]);
    const result = await runCli({ cwd: repoRoot, argv: ['--only', 'v2', '--check', '--explain', '--quiet'] });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^info: specs\/v2\.openapi\.yaml: the webhook receiver \(<package>\/webhooks\):\n {2}matching {3}by the body's `type`, which each of the 14 webhooks' payloads pins to a value of its own; overrule with the receiver's `match` option/m);
    expect(result.stdout).toMatch(/^ {2}signature {2}RSA PKCS#1 v1\.5 SHA-256 in SVC-SIGNATURE, from x-delivery; overrule with --option webhooks\.signature=standard\|none/m);
  });
});
