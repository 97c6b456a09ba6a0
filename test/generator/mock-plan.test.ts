/**
 * The mock plan of a document that is not ours (the Library Loans API): what it finds from the
 * document's structure, what it reports as guessed, and that each guess can be overruled, by an
 * extension in the document and by a generator option (`--mock-role`, `--mock-id-field`,
 * `--mock-state-field`, `--mock-state`).
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

  it('guesses the state of loans: where a new one starts, what a return moves it to and the time it sets, and reports each guess', async () => {
    const plan = await planOf(library());
    expect(plan.operations.borrow).toMatchObject({ state: { field: 'status', transitions: [{ from: null, to: 'active' }], guessed: true }, unset: ['returnedAt'] });
    expect(plan.operations.returnLoan).toMatchObject({ state: { field: 'status', transitions: [{ to: 'returned' }], guessed: true }, stamps: [{ field: 'returnedAt', form: 'date-time' }] });
    expect(plan.operations.renewLoan).not.toHaveProperty('state');
    // A copy's condition is no state (its name says nothing of one), and a cover upload moves none.
    expect(plan.operations.addCopy).not.toHaveProperty('state');
    expect(plan.operations.uploadTitleCover).not.toHaveProperty('state');
    const said = plan.guesses.map((g) => `${g.subject}: ${g.guess} | ${g.override}`);
    expect(said).toEqual(expect.arrayContaining([
      "/loans: status holds the state (a string enum named like one) | x-state-machine on Loan, or --mock-state-field /loans=<field> ('' for none)",
      "borrow: starts status at active (the enum's first value), unless the request sets it | --mock-state borrow=<state> ('' for neither state nor times), or x-state-machine on Loan",
      "borrow: starts returnedAt as null (nullable times the request does not set) | --mock-state borrow=<state> ('' for neither state nor times), or x-state-machine on Loan",
      "returnLoan: moves status to returned (named after return) | --mock-state returnLoan=<state> ('' for neither state nor times), or x-state-machine on Loan",
      "returnLoan: sets returnedAt (date-time) to the time of the call | --mock-state returnLoan=<state> ('' for neither state nor times), or x-state-machine on Loan",
      "renewLoan: moves no state (no value of status is named after renew) | --mock-state renewLoan=<state> ('' for neither state nor times), or x-state-machine on Loan",
    ]));
  });

  it.each([
    { verb: 'cancel', values: ['active', 'cancelled'], time: { cancelledAt: { type: ['string', 'null'], format: 'date-time' } }, want: 'cancelled', stamps: [{ field: 'cancelledAt', form: 'date-time' }] },
    { verb: 'cancel', values: ['active', 'canceled'], time: { canceled_at: { type: ['integer', 'null'] } }, want: 'canceled', stamps: [{ field: 'canceled_at', form: 'unix-seconds' }] },
    { verb: 'close', values: ['open', 'closed'], time: { closed_on: { type: 'string', format: 'date' }, close_at: { type: 'string', format: 'date' } }, want: 'closed', stamps: [{ field: 'close_at', form: 'date' }] },
    { verb: 'approve', values: ['pending', 'APPROVED'], time: {}, want: 'APPROVED', stamps: undefined },
    { verb: 'mark-paid', values: ['due', 'paid'], time: { paidAt: { type: 'string', format: 'date-time' } }, want: 'paid', stamps: [{ field: 'paidAt', form: 'date-time' }] },
    { verb: 'archive', values: ['live', 'archive'], time: {}, want: 'archive', stamps: undefined },
  ])('moves an action $verb to $want', async ({ verb, values, time, want, stamps }) => {
    const document = library();
    document.components.schemas.LoanStatus.enum = values;
    Object.assign(document.components.schemas.Loan.properties, time);
    document.paths[`/loans/{loanId}/${verb}`] = { post: { ...document.paths['/loans/{loanId}/return'].post, operationId: 'act' }, parameters: document.paths['/loans/{loanId}/return'].parameters };
    const plan = (await planOf(document)).operations.act!;
    expect(plan.state).toEqual({ field: 'status', transitions: [{ to: want }], guessed: true });
    expect(plan.stamps).toEqual(stamps);
  });

  it('starts a new resource in its state enum\'s default', async () => {
    const document = library();
    document.components.schemas.LoanStatus.default = 'overdue';
    expect((await planOf(document)).operations.borrow!.state!.transitions).toEqual([{ from: null, to: 'overdue' }]);
  });

  it('takes the state from x-state-machine, --mock-state-field and --mock-state instead of guessing', async () => {
    const declared = library();
    declared.components.schemas.Loan['x-state-machine'] = { field: 'status', transitions: [{ trigger: 'returnLoan', from: 'overdue', to: 'returned' }] };
    const byMachine = await planOf(declared);
    expect(byMachine.operations.returnLoan!.state).toEqual({ field: 'status', transitions: [{ from: 'overdue', to: 'returned' }] });
    expect(byMachine.operations.borrow).not.toHaveProperty('state');
    expect(byMachine.operations.borrow).not.toHaveProperty('unset');
    expect(byMachine.guesses.filter((g) => ['/loans', 'borrow', 'returnLoan', 'renewLoan'].includes(g.subject) && !g.guess.startsWith('answers errors')).map((g) => g.guess)).toEqual(['create in /loans (from POST /loans)', 'action in /loans (from POST /loans/{loanId}/renew)', 'action in /loans (from POST /loans/{loanId}/return)']);
    const none = await planOf(library(), { stateFields: { '/loans': '' } });
    expect(none.operations.returnLoan).not.toHaveProperty('state');
    expect(none.guesses.some((g) => g.subject === '/loans')).toBe(false);
    const chosen = await planOf(library(), { states: { renewLoan: 'overdue', borrow: '', returnLoan: 'active' } });
    expect(chosen.operations.renewLoan!.state).toEqual({ field: 'status', transitions: [{ to: 'overdue' }], guessed: true });
    expect(chosen.operations.returnLoan!.state!.transitions).toEqual([{ to: 'active' }]);
    expect(chosen.operations.borrow).not.toHaveProperty('state');
    expect(chosen.operations.borrow).not.toHaveProperty('unset');
    expect(chosen.guesses.some((g) => g.subject === 'borrow' && /starts/.test(g.guess))).toBe(false);
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
    // --mock-state takes an empty state (none); --mock-state-field names a collection by its path.
    const states = await runCli({ cwd: repoRoot, argv: ['--spec', libraryFile, '--out', join(work, 'states'), '--explain', '--mock-state', 'returnLoan=overdue', '--mock-state', 'borrow=', '--quiet'] });
    expect(states.code).toBe(0);
    expect(states.stdout).not.toMatch(/^ {2}(borrow|returnLoan) +(starts|moves)/m);
    expect(states.stdout).toMatch(/^ {2}\/loans +status holds the state/m);
    const emitted = readFileSync(join(work, 'states', 'src', 'mock.ts'), 'utf8');
    expect(emitted).toMatch(/returnLoan: \{[^}]*state: \{ field: 'status', transitions: \[\{ to: 'overdue' \}\], guessed: true \}/);
    const badField = await runCli({ cwd: repoRoot, argv: ['--spec', libraryFile, '--out', join(work, 'bad'), '--mock-state-field', 'loans=status'] });
    expect(badField.code).toBe(2);
    expect(badField.stderr).toMatch(/--mock-state-field loans: name the collection by its path/);
  }, 60_000);
});
