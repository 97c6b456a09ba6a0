/**
 * The mock plan of a document that is not ours (the Library Loans API): what it finds from the
 * document's structure, what it reports as guessed, and that each guess can be overruled, by an
 * extension in the document and by a generator option (`--mock-role`, `--mock-id-field`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../generator/pipeline.js';
import { planMock, type MockOverrides } from '../../generator/plans/mock.js';
import { runCli } from '../helpers/cli.js';
import { writeSpec } from '../helpers/generate.js';
import { repoRoot, repoTempDir } from '../helpers/spec-files.js';

const libraryFile = join(repoRoot, 'test', 'fixtures', 'documents', 'library.openapi.yaml');
const library = (): Record<string, any> => parse(readFileSync(libraryFile, 'utf8')) as Record<string, any>;

async function planOf(document: object, overrides?: MockOverrides) {
  const file = writeSpec(document, 'mock-plan');
  return planMock(await loadModel({ file, name: 'library' }), overrides);
}

describe('the mock plan of a document that is not ours', () => {
  it('finds collections, lists and paging from the structure, and reports each guess', async () => {
    const plan = await planOf(library());
    // A nested create and its list share a collection scoped by the parent.
    expect(plan.operations.addCopy).toMatchObject({ role: 'create', collection: '/titles/{titleId}/copies', scope: ['titleId'] });
    expect(plan.operations.listCopies).toMatchObject({ role: 'list', collection: '/titles/{titleId}/copies', pagination: { style: 'all', itemsField: '' } });
    // Paging guessed from the parameters and the answer's fields.
    expect(plan.operations.listTitles!.pagination).toEqual({ style: 'page-number', itemsField: 'items', pageParam: 'page', firstPage: 1, limitParam: 'size', defaultLimit: 20, totalField: 'total', pageField: 'page', sizeField: 'size' });
    expect(plan.operations.listMembers!.pagination).toMatchObject({ style: 'token', tokenParam: 'cursor', nextTokenField: 'nextCursor', lastToken: null, emptyCursor: 'absent' });
    // A nested list that no create fills is a filtered view of the collection its items belong to.
    expect(plan.operations.listMemberLoans).toMatchObject({ role: 'list', collection: '/loans', filter: { memberId: 'memberId' }, pagination: { style: 'offset', offsetParam: 'offset' } });
    // A read-only creation time by another name than created_at.
    expect(plan.collections['/titles']!.createdAtField).toBe('addedAt');
    const subjects = plan.guesses.map((g) => `${g.subject}: ${g.guess}`);
    expect(subjects).toContain('listTitles: pages by number (page from 1, size; 20 by default), answering total, page, size');
    expect(subjects).toContain('listMemberLoans: lists /loans filtered by memberId (its items are that collection\'s, and no create fills /members/{memberId}/loans)');
    expect(plan.guesses.every((g) => g.override.length > 0)).toBe(true);
  });

  it.each([
    { name: 'a nullable next field: null', next: { type: ['string', 'null'] }, required: false, cursor: { type: 'string' }, want: { lastToken: null, emptyCursor: 'absent' } },
    { name: 'an optional one: no field', next: { type: 'string' }, required: false, cursor: { type: 'string', pattern: '^c_' }, want: { lastToken: 'absent', emptyCursor: 'refused' } },
    { name: "a required one: ''", next: { type: 'string' }, required: true, cursor: { type: 'string', format: 'uuid' }, want: { emptyCursor: 'refused' } },
  ])('ends x-pagination token paging as the schema says, $name', async ({ next, required, cursor, want }) => {
    const document = library();
    const members = document.paths['/members'].get;
    members['x-pagination'] = { style: 'token', itemsField: 'items', tokenParam: 'cursor', nextTokenField: 'nextCursor' };
    members.parameters[0].schema = cursor;
    const schema = members.responses['200'].content['application/json'].schema;
    schema.properties.nextCursor = next;
    if (required) schema.required.push('nextCursor');
    const pagination = (await planOf(document)).operations.listMembers!.pagination;
    expect(pagination).toMatchObject(want);
    if (!('lastToken' in want)) expect(pagination).not.toHaveProperty('lastToken');
  });

  it('takes x-mock-role and x-mock-id-field from the document instead of guessing', async () => {
    const document = library();
    document.paths['/members/export'].get['x-mock-role'] = 'other';
    document.components.schemas.Copy['x-mock-id-field'] = 'barcode';
    const plan = await planOf(document);
    expect(plan.operations.exportMembers!.role).toBe('other');
    expect(plan.collections['/titles/{titleId}/copies']!.idField).toBe('barcode');
    expect(plan.guesses.some((g) => g.subject === 'exportMembers')).toBe(false);
  });

  it('takes --mock-role and --mock-id-field instead of guessing', async () => {
    const plan = await planOf(library(), { roles: { renewLoan: 'update' }, idFields: { '/members': 'email' } });
    expect(plan.operations.renewLoan!.role).toBe('update');
    expect(plan.collections['/members']!.idField).toBe('email');
    expect(plan.guesses.some((g) => g.subject === 'renewLoan')).toBe(false);
  });

  it('answers an operation that declares no success response with what it declares, and says so', async () => {
    const document = library();
    document.paths['/loans/{loanId}/renew'].post.responses = { '409': { description: 'Cannot be renewed' } };
    const plan = await planOf(document);
    expect(plan.operations.renewLoan).toMatchObject({ role: 'other', successStatus: 409 });
    expect(plan.guesses.find((g) => g.subject === 'renewLoan')?.guess).toBe('declares no success response: answered 409, storing nothing');
  });

  it('npm run generate -- --explain prints the guesses, and --mock-role changes the emitted plan', async () => {
    const work = repoTempDir('explain-');
    const result = await runCli({ cwd: repoRoot, argv: ['--spec', libraryFile, '--out', join(work, 'library'), '--explain', '--mock-role', 'exportMembers=other', '--quiet'] });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^info: test\/fixtures\/documents\/library\.openapi\.yaml: the mock plan guessed \(\d+\):$/m);
    expect(result.stdout).toMatch(/^ {2}listMembers +pages by cursor \(cursor in, nextCursor out; 10 by default\), ending with null; an empty cursor asks for the first page; overrule with x-pagination on the operation$/m);
    expect(result.stdout).not.toMatch(/exportMembers/);
    expect(readFileSync(join(work, 'library', 'src', 'mock.ts'), 'utf8')).toMatch(/exportMembers: \{ role: 'other'/);
    const refused = await runCli({ cwd: repoRoot, argv: ['--spec', libraryFile, '--out', join(work, 'other'), '--mock-role', 'exportMembers=reader'] });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--mock-role exportMembers=reader: not a role; choose among create, list/);
  }, 60_000);
});
