/** ts-morph printing: build a source file from structures, return its text. */
import { IndentationText, Project, QuoteKind, type SourceFileStructure, type OptionalKind } from 'ts-morph';

const project = new Project({
  useInMemoryFileSystem: true,
  manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
});
let counter = 0;

export function printSourceFile(header: string, structure: OptionalKind<SourceFileStructure>): string {
  const file = project.createSourceFile(`/printed-${counter++}.ts`, structure, { overwrite: true });
  const text = file.getFullText();
  project.removeSourceFile(file);
  return `${header}\n${text}`;
}
