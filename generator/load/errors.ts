/** A problem in an input document, located as precisely as the loaders can. */
export class SpecError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly location: { line?: number; column?: number; pointer?: string } = {},
  ) {
    super(SpecError.format(file, problem, location));
    this.name = 'SpecError';
  }

  static format(file: string, problem: string, location: SpecError['location']): string {
    const where = [file, location.line, location.column].filter((part) => part !== undefined).join(':');
    const pointer = location.pointer !== undefined ? ` (at #${elide(location.pointer)})` : '';
    return `${where}${pointer}: ${problem}`;
  }
}

/** A pointer of a deeply nested place, shortened to its start and end so that the message stays one readable line. */
function elide(pointer: string): string {
  return pointer.length <= 240 ? pointer : `${pointer.slice(0, 100)}/…/${pointer.slice(pointer.indexOf('/', pointer.length - 100) + 1)}`;
}
