/** The symbol table and the imports derived from what a module printed. */
import { describe, expect, it } from 'vitest';
import { ModuleImports, SymbolTable } from '../../generator/print/symbols.js';

const table = (): SymbolTable => {
  const symbols = new SymbolTable();
  symbols.define('Pet', './types.js');
  symbols.define('PetParams', './types.js');
  symbols.define('listPets', './client.js');
  symbols.define('HttpClient', '@svc/runtime');
  symbols.define('withSignal', '@svc/runtime');
  symbols.define('listPetsOptions', './query.js');
  return symbols;
};

describe('ModuleImports', () => {
  it('imports what was printed, from where the table says, values and types apart, packages first, sorted', () => {
    const imports = new ModuleImports(table(), './query.js');
    imports.type('PetParams');
    imports.type('Pet');
    imports.value('listPets');
    imports.type('HttpClient');
    imports.value('withSignal');
    // Used as a type and as a value: imported as a value.
    imports.type('listPets');
    // Its own name needs no import.
    imports.value('listPetsOptions');
    expect(imports.declarations().map((d) => ({ from: d.moduleSpecifier, names: d.namedImports, typeOnly: d.isTypeOnly ?? false }))).toEqual([
      { from: '@svc/runtime', names: ['withSignal'], typeOnly: false },
      { from: '@svc/runtime', names: ['HttpClient'], typeOnly: true },
      { from: './client.js', names: ['listPets'], typeOnly: false },
      { from: './types.js', names: ['Pet', 'PetParams'], typeOnly: true },
    ]);
  });

  it('imports nothing when nothing was printed', () => {
    expect(new ModuleImports(table(), './query.js').declarations()).toEqual([]);
  });

  it('refuses a name the table does not know, and a name declared in two modules', () => {
    expect(() => new ModuleImports(table(), './query.js').type('Dog')).toThrow('symbol table: Dog is printed in ./query.js but declared nowhere');
    const symbols = table();
    expect(() => symbols.define('Pet', './schemas.js')).toThrow('symbol table: Pet is declared in both ./types.js and ./schemas.js');
  });
});

describe('names imported under another name, and names the table learns as a module prints', () => {
  it('imports an aliased name by the name its module exports, sorted by that name', () => {
    const symbols = table();
    symbols.define('FeedSocketClient', '@svc/runtime', 'FeedClient');
    const imports = new ModuleImports(symbols, './client.js');
    expect(imports.value('FeedSocketClient')).toBe('FeedSocketClient');
    imports.value('withSignal');
    expect(imports.declarations()[0]?.namedImports).toEqual([{ name: 'FeedClient', alias: 'FeedSocketClient' }, 'withSignal']);
  });

  it('valueFrom declares a helper where the caller says (the zod build decides), then refuses another home for it', () => {
    const symbols = table();
    const imports = new ModuleImports(symbols, './schemas.js');
    imports.valueFrom('openEnum', '@svc/runtime/mini');
    imports.valueFrom('dateFormat', '@svc/runtime');
    imports.value('withSignal');
    expect(imports.declarations().map((d) => [d.moduleSpecifier, d.namedImports])).toEqual([
      ['@svc/runtime', ['dateFormat', 'withSignal']],
      ['@svc/runtime/mini', ['openEnum']],
    ]);
    expect(() => imports.valueFrom('openEnum', '@svc/runtime')).toThrow('symbol table: openEnum is declared in both @svc/runtime/mini and @svc/runtime');
  });
});

describe('the targets', () => {
  it('write no import declaration by hand: their imports follow from what they print (but namespace imports: zod, TanStack types)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', '..', 'generator', 'targets');
    const offenders: string[] = [];
    for (const folder of readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      for (const file of readdirSync(join(root, folder.name)).filter((name) => name.endsWith('.ts'))) {
        const text = readFileSync(join(root, folder.name, file), 'utf8');
        for (const line of text.split('\n')) if (/StructureKind\.ImportDeclaration/.test(line) && !/namespaceImport/.test(line)) offenders.push(`${folder.name}/${file}: ${line.trim()}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
