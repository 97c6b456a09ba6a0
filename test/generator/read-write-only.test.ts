/**
 * `readOnly` / `writeOnly`: request bodies leave out what the server assigns, responses leave
 * out secrets the client sends (regression: a create body required the server-assigned `id`,
 * and write-only passwords appeared in response types). `…Input` / `…Output` variants exist
 * only for schemas whose forms differ; `schemas` keeps the components as written.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { importGenerated, typeCheckUsages } from '../helpers/generate.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

const spec = {
  openapi: '3.1.0',
  info: { title: 'Users', version: '1' },
  paths: {
    '/users': {
      post: {
        operationId: 'createUser',
        requestBody: { required: true, content: json(ref('User')) },
        responses: { '201': { description: 'created', content: json(ref('UserList')) } },
      },
    },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        required: ['id', 'name', 'password'],
        properties: {
          id: { type: 'string', readOnly: true },
          name: { type: 'string' },
          password: { type: 'string', writeOnly: true },
          team: { ...ref('Team'), readOnly: true },
          audit: ref('Audit'),
          receipt: ref('Receipt'),
        },
      },
      // Every property read-only: its request form is an object with none (regression: the form and its validator disagreed).
      Audit: { type: 'object', properties: { created_at: { type: 'string', readOnly: true } } },
      Receipt: { type: 'object', additionalProperties: false, properties: { number: { type: 'string', readOnly: true } } },
      UserList: { type: 'object', properties: { users: { type: 'array', items: ref('User') } } },
      Team: { type: 'object', properties: { name: { type: 'string' } } },
    },
  },
};

type Mod = {
  schemas: Record<string, z.ZodType>;
  operations: { createUser: { validators: { body: z.ZodType }; responses: Record<string, z.ZodType> } };
  [name: string]: unknown;
};

describe('readOnly and writeOnly', () => {
  it('validate requests without read-only properties and responses without write-only ones', async () => {
    const mod = await importGenerated<Mod>(spec, 'read-write-only');
    const { body } = mod.operations.createUser.validators;
    expect(body.safeParse({ name: 'Ada', password: 's3cret' }).success).toBe(true);
    expect(body.safeParse({ name: 'Ada' }).success).toBe(false);
    const response = mod.operations.createUser.responses['201']!;
    expect(response.safeParse({ users: [{ id: 'u1', name: 'Ada' }] }).success).toBe(true);
    expect(response.safeParse({ users: [{ name: 'Ada' }] }).success).toBe(false);
    // The component as written still requires all three.
    expect(mod.schemas.User!.safeParse({ name: 'Ada', password: 'x' }).success).toBe(false);
    // Variants only where the forms differ: Team has none; UserList differs through User.
    expect(Object.keys(mod).filter((name) => /^(User|UserList|Team)(Input|Output)Schema$/.test(name)).sort()).toEqual(['UserInputSchema', 'UserListInputSchema', 'UserListOutputSchema', 'UserOutputSchema']);
    expect(mod.AuditInputSchema).toBeDefined();
  });

  it('type request bodies without read-only properties and responses without write-only ones', async () => {
    const mod = await importGenerated<Mod>(spec, 'read-write-only-tsc');
    const usage = (body: string): string => `import type { CreateUserBody, CreateUserResponse } from './types.js';\n${body}\n`;
    const errors = await typeCheckUsages(mod.__dir, {
      usage: usage(`export const body: CreateUserBody = { name: 'Ada', password: 's3cret' };
export const ids = (r: CreateUserResponse): string[] => (r.users ?? []).map((u) => u.id);`),
      secrets: usage('export const secrets = (r: CreateUserResponse) => (r.users ?? []).map((u) => u.password);'),
      readOnlySent: usage("export const body: CreateUserBody = { id: 'u1', name: 'Ada', password: 'x' };"),
    });
    // (Each refused file also leaves one of the two imported types unused.)
    expect(errors).toEqual({
      secrets: expect.arrayContaining([expect.stringMatching(/Property 'password' does not exist on type 'UserOutput'/)]),
      readOnlySent: expect.arrayContaining([expect.stringMatching(/'id' does not exist in type 'UserInput'/)]),
    });
  });
});
