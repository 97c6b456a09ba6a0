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
