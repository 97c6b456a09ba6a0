/**
 * The v2 mock's own code per request, without HTTP: the router's core (`routerCoreOf`) called
 * in a loop with a request made in memory, as `serveNode`'s listener calls it. Requests per
 * second over loopback move by a tenth from run to run with the machine's other work; this
 * figure moves by a few percent, so it shows what a change to the router or the engine did.
 * Run in a process of its own through the project's launcher (a bundle, as `npm run mock` runs);
 * prints one JSON line: microseconds per create and per list, the collector included.
 */
import { CredentialRegistry, defaultCredentials } from '@svc/mock-runtime';
import { NodeHeaders, routerCoreOf, type Exchange } from '@svc/server-runtime';
import { createV2Mock, mockScopes } from '@svc/v2/mock';
import { v2Behaviour } from '../mock/behaviours/v2.js';
import { ACCOUNT, BUY, HEADERS } from './mock-requests.js';

const registry = new CredentialRegistry(Date.now);
await defaultCredentials(registry, [...mockScopes]);
const rules = v2Behaviour();
// As `npm run mock -- --no-rate-limit` serves v2: development mode (answers checked), no rate limit.
const { app } = createV2Mock({ onCreate: rules.onCreate, behaviours: rules.behaviours, server: { auth: registry.hooks(), rateLimit: false, validateResponses: true, twoFactor: rules.twoFactor! } });
const core = routerCoreOf(app)!;

class MemoryExchange implements Exchange {
  /** Read as `serveNode` reads Node's parsed headers. */
  readonly headers: NodeHeaders;
  constructor(
    readonly method: string,
    readonly href: string,
    private readonly bytes: Uint8Array<ArrayBuffer>,
  ) {
    this.headers = new NodeHeaders({ host: '127.0.0.1', 'content-length': String(bytes.byteLength), ...HEADERS });
  }
  body(): Uint8Array<ArrayBuffer> {
    return this.bytes;
  }
  get request(): Request {
    throw new Error('the mock does not read the Fetch request of these calls');
  }
}

/** Microseconds per call over `count` calls, after as many again to warm up. */
async function perCall(method: string, path: string, body: string, count: number): Promise<number> {
  const bytes = new TextEncoder().encode(body);
  const call = async (): Promise<void> => {
    const answer = await core.answer(new MemoryExchange(method, `http://127.0.0.1${path}`, bytes), path);
    if (!answer || answer.status >= 300) throw new Error(`${method} ${path} answered ${answer?.status}`);
  };
  for (let i = 0; i < count; i++) await call();
  const started = performance.now();
  for (let i = 0; i < count; i++) await call();
  return ((performance.now() - started) * 1000) / count;
}

const create = await perCall('POST', `/v2/accounts/${ACCOUNT}/buys`, JSON.stringify(BUY), 100_000);
const list = await perCall('GET', '/v2/currencies', '', 100_000);
console.log(JSON.stringify({ create, list }));
