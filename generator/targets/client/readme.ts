/** What the client's README sections show: a call, an iteration, and how each security scheme is supplied. */
import { clientGroupOf, isSuccessStatus, serverUrlOf } from '../../model/derive.js';
import { PAGE_ITERATOR, streamChoiceOf, targetName } from '../../model/operation-kinds.js';
import type { ApiModel, OperationModel, SecuritySchemeModel } from '../../model/types.js';
import { exampleParams } from '../../print/examples.js';

/** How a caller supplies each security scheme: the client option, and what the client then sends. */
function securityOption(scheme: SecuritySchemeModel, model: ApiModel): string {
  const signers = model.securitySchemes.flatMap((s) => (s.hmac ? [s.hmac] : []));
  if (scheme.hmac) {
    return `\`apiKey: { key, secret }\`: every request is signed (HMAC-SHA256 in \`${scheme.hmac.signatureHeader}\`, with \`${scheme.hmac.keyHeader}\` and \`${scheme.hmac.timestampHeader}\`)`;
  }
  if (scheme.type === 'apiKey') {
    const header = scheme.name?.toLowerCase();
    if ((scheme.in ?? 'header') === 'header' && signers.some((h) => [h.keyHeader, h.signatureHeader, h.timestampHeader].some((n) => n.toLowerCase() === header)))
      return '`apiKey: { key, secret }`: sent by the request signer';
    return `\`apiKeys: { '${scheme.key}': '…' }\`: sent in the ${scheme.in ?? 'header'} \`${scheme.name ?? scheme.key}\``;
  }
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect' || (scheme.type === 'http' && scheme.scheme === 'bearer')) {
    const refresh = scheme.tokenRefresh ? ` on ${scheme.tokenRefresh.status} ${scheme.tokenRefresh.errorIds.map((id) => `\`${id}\``).join(', ')}` : ' on 401 `expired_token`';
    return `\`accessToken\` (a string, or a function returning one), sent as \`Authorization: Bearer …\`; \`refreshAccessToken\` renews it${refresh}`;
  }
  if (scheme.type === 'mutualTLS') return 'a client certificate, configured in the `fetch` implementation (`fetch` option)';
  return `not sent by the client: pass the \`Authorization\` header (${scheme.scheme ?? scheme.type}) in \`headers\``;
}

export function clientReadmeData(model: ApiModel): Record<string, unknown> {
  const group = (op: OperationModel): string => clientGroupOf(model, op);
  const simple = model.operations.find((op) => op.method === 'GET' && !op.pagination && op.responses.some((r) => isSuccessStatus(r.status)));
  const paged = model.operations.find((op) => op.pagination);
  return {
    clientName: model.client.className,
    baseUrl: serverUrlOf(model),
    hasHmac: model.securitySchemes.some((s) => s.hmac),
    exampleOperation: simple ? { group: group(simple), method: simple.name, args: exampleParams(simple) } : undefined,
    exampleIterator: paged ? { group: group(paged), method: targetName(paged, PAGE_ITERATOR), args: exampleParams(paged) } : undefined,
    // Operations that answer a body or, when asked, a stream: how to ask for each.
    streamChoices: model.operations.flatMap((op) => {
      const choice = streamChoiceOf(op);
      return choice === undefined ? [] : [{ operationId: op.operationId, choice: choice.replace(/\|/g, '\\|') }];
    }),
    security: model.securitySchemes.map((scheme) => ({
      key: scheme.key,
      type: scheme.type === 'http' && scheme.scheme ? `http ${scheme.scheme}` : scheme.type,
      option: securityOption(scheme, model).replace(/\|/g, '\\|'),
    })),
  };
}
