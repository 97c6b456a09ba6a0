/** Example code the generated READMEs show, printed from the model. */
import type { OperationModel } from '../model/types.js';

/** An operation's required parameters as an example object (`{ account_id: '…' }`); '' when none is required. */
export function exampleParams(op: OperationModel): string {
  const required = op.parameters.filter((p) => p.required);
  if (required.length === 0) return '';
  return `{ ${required.map((p) => `${/^[A-Za-z_$][\w$]*$/.test(p.key) ? p.key : `'${p.key}'`}: '…'`).join(', ')} }`;
}
