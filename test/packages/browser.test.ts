/**
 * The generated v2 client and feed client in a browser: a page bundled with esbuild runs in
 * headless Debian chromium (driven by playwright-core) against the mock servers on loopback,
 * and shows the spot price and a live order book. The test reads the page and keeps a
 * screenshot in .tmp/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../mock/start.js';
import { ensureChromium } from '../../scripts/ensure-chromium.js';
import { repoRoot } from '../helpers/spec-files.js';
import { generateToDisk } from '../helpers/generate.js';
import { serveNode } from '@svc/server-runtime';

const here = join(repoRoot, 'test', 'packages', 'browser');
let sandbox: Sandbox;
let site: Server;
let browser: Browser;

/** What the site serves, by path: the pages, their bundles and MSW's service worker. */
const files = new Map<string, { type: string; body: string }>();

/** Serves `files` on 127.0.0.1 (another origin than the mocks: CORS applies); 127.0.0.1 is a secure context, where service workers and WebCrypto work. */
async function serveSite(): Promise<string> {
  site = createServer((request, response) => {
    const file = files.get(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (file) response.writeHead(200, { 'content-type': `${file.type}; charset=utf-8` }).end(file.body);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
}

const bundle = async (entry: string): Promise<string> => {
  // The mock a page may run in memory imports the server runtime, whose `serveNode` (never called there) is written against node:http.
  const bundled = await build({ entryPoints: [join(here, entry)], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', conditions: ['svc-source'], jsx: 'automatic', external: ['node:*', '@hono/node-server'], define: { 'process.env.NODE_ENV': '"production"' }, write: false, logLevel: 'silent' });
  return bundled.outputFiles[0]!.text;
};

let url: string;

beforeAll(async () => {
  const executablePath = await ensureChromium();
  sandbox = await startSandbox();
  files.set('/', { type: 'text/html', body: readFileSync(join(here, 'index.html'), 'utf8') });
  files.set('/page.js', { type: 'text/javascript', body: await bundle('page.ts') });
  files.set('/react', { type: 'text/html', body: readFileSync(join(here, 'react.html'), 'utf8') });
  files.set('/react-page.js', { type: 'text/javascript', body: await bundle('react-page.tsx') });
  files.set('/mockServiceWorker.js', { type: 'text/javascript', body: readFileSync(join(repoRoot, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), 'utf8') });
  url = await serveSite();
  browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe('in headless chromium', () => {
  it('a page bundled from the v2 client and the feed client shows the spot price and a live order book', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}?v2=${encodeURIComponent(sandbox.servers.v2)}&feed=${encodeURIComponent(sandbox.servers.feed)}`);
    await page.waitForFunction(() => Number(document.querySelector('#updates')?.textContent) >= 5, undefined, { timeout: 30_000 });
    expect(await page.textContent('#status')).toBe('live');
    // The v2 mock prices BTC-USD in dollars, where the feed's market opens.
    expect(await page.textContent('#spot')).toBe('65000.00 USD');
    const bids = await page.$$eval('#bids li', (items) => items.map((item) => item.textContent ?? ''));
    const asks = await page.$$eval('#asks li', (items) => items.map((item) => item.textContent ?? ''));
    expect(bids.length).toBeGreaterThan(0);
    expect(asks.length).toBeGreaterThan(0);
    const price = (row: string): number => Number(row.split(' × ')[0]);
    // Best levels first, and the book is not crossed.
    expect(bids.map(price)).toEqual([...bids.map(price)].sort((a, b) => b - a));
    expect(asks.map(price)).toEqual([...asks.map(price)].sort((a, b) => a - b));
    expect(price(bids[0]!)).toBeLessThan(price(asks[0]!));
    expect(Number(await page.textContent('#spread'))).toBeGreaterThan(0);
    mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
    const screenshot = await page.screenshot({ path: join(repoRoot, '.tmp', 'browser-dashboard.png'), fullPage: true });
    expect(screenshot.byteLength).toBeGreaterThan(1000);
    expect(errors).toEqual([]);
  });

  /** Pages through the React page's list to its end, sends one more transaction and waits for it in the list. */
  async function useReactPage(page: Page): Promise<{ pages: string | null; items: number; error: string | null }> {
    await page.waitForSelector('#transactions li', { timeout: 30_000 });
    expect(await page.$$eval('#transactions li', (items) => items.length)).toBe(5);
    // Infinite scroll: each page is five more, until the list says there is none.
    for (let i = 0; i < 5 && (await page.isEnabled('#more')); i++) {
      const before = await page.$$eval('#transactions li', (items) => items.length);
      await page.click('#more');
      await page.waitForFunction((n) => document.querySelectorAll('#transactions li').length > n, before);
      await page.waitForFunction(() => !document.querySelector('#more')?.hasAttribute('disabled') || document.querySelectorAll('#transactions li').length >= 12);
    }
    const items = await page.$$eval('#transactions li', (rows) => rows.length);
    const pages = await page.textContent('#pages');
    await page.click('#send');
    await page.waitForFunction(() => (document.querySelector('#sent')?.textContent ?? '') !== '');
    const sent = (await page.textContent('#sent'))!;
    // The mutation invalidated the list: it is fetched again, page by page, with the new transaction first.
    await page.waitForFunction((id) => document.querySelector(`#transactions li[data-id="${id}"]`) !== null, sent, { timeout: 30_000 });
    await page.waitForFunction(() => (document.querySelector('#error')?.textContent ?? '') !== '');
    return { pages, items, error: await page.textContent('#error') };
  }

  it('a React page pages an infinite list with the generated query options, invalidates it after a mutation, renders a typed error and a live book', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const { key, secret } = sandbox.credentials.apiKey;
    const query = new URLSearchParams({ v2: sandbox.servers.v2, feed: sandbox.servers.feed, key, secret, '2fa': sandbox.credentials.twoFactorToken, account: 'a1b2c3d4-0000-4000-8000-00000000f00d' });
    await page.goto(`${url}react?${query}`);
    expect(await useReactPage(page)).toEqual({ pages: '3', items: 12, error: '401 authentication_error' });
    await page.waitForFunction(() => document.querySelector('#book-status')?.textContent === 'synced' && document.querySelectorAll('#bids li').length > 0, undefined, { timeout: 30_000 });
    const price = (row: string): number => Number(row.split(' × ')[0]);
    const [bid, ask] = [await page.textContent('#bids li'), await page.textContent('#asks li')];
    expect(price(bid!)).toBeLessThan(price(ask!));
    mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
    await page.screenshot({ path: join(repoRoot, '.tmp', 'browser-react.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the same page runs on the generated MSW handlers in the service worker, with the mock in memory and no server', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // What leaves the page: the site's own files only (the API's requests end in the service worker).
    page.on('request', (request) => requests.push(new URL(request.url()).origin));
    await page.goto(`${url}react?msw=1&account=a1b2c3d4-0000-4000-8000-00000000beef`);
    expect(await page.textContent('#mode', { timeout: 30_000 })).toBe('msw');
    expect(await useReactPage(page)).toEqual({ pages: '3', items: 12, error: '401 authentication_error' });
    expect(await page.textContent('#book-status')).toBe('no feed');
    await page.screenshot({ path: join(repoRoot, '.tmp', 'browser-react-msw.png'), fullPage: true });
    expect(new Set(requests.filter((origin) => origin !== new URL(url).origin && origin !== 'https://api.wallet.invalid'))).toEqual(new Set());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a page reads a server-sent event stream from the generated mock through the generated client, resuming a dropped connection', async () => {
    // The tests' OpenAPI 3.2 chat document: its client, and its mock breaking the stream off after two events.
    const { dir } = await generateToDisk(join(repoRoot, 'test', 'fixtures', 'documents', 'chat.openapi.yaml'), 'chat-browser');
    const { createChatBrowserMock } = (await import(pathToFileURL(join(dir, 'src', 'mock.ts')).href)) as { createChatBrowserMock(options: object): { app: { fetch(request: Request): Response | Promise<Response> } } };
    const running = await serveNode(createChatBrowserMock({ streams: { count: 6, intervalMs: 20, dropAfter: 2 } }).app, { hostname: '127.0.0.1', port: 0 });
    const source = [
      `import { createClient, createCompletion, StreamError } from '${join(dir, 'src', 'client.ts').replace(/\\/g, '/')}';`,
      "const list = document.querySelector('#events')!;",
      "const client = createClient({ baseUrl: new URLSearchParams(location.search).get('api')!, stream: { reconnectDelayMs: 10 } });",
      'try {',
      "  for await (const event of await createCompletion(client, { prompt: 'hello' })) {",
      "    const item = document.createElement('li');",
      "    item.textContent = `${event.id}:${event.event}:${typeof event.data === 'string' ? event.data : event.data.text}`;",
      '    list.append(item);',
      '  }',
      "  document.querySelector('#state')!.textContent = 'done';",
      '} catch (error) {',
      "  document.querySelector('#state')!.textContent = error instanceof StreamError ? `${error.kind} at ${error.index}` : String(error);",
      '}',
    ].join('\n');
    const built = await build({ stdin: { contents: source, resolveDir: repoRoot, sourcefile: 'stream-page.ts', loader: 'ts' }, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', conditions: ['svc-source'], write: false, logLevel: 'silent' });
    files.set('/stream', { type: 'text/html', body: '<!doctype html><title>stream</title><ol id="events"></ol><p id="state">reading</p><script type="module" src="/stream-page.js"></script>' });
    files.set('/stream-page.js', { type: 'text/javascript', body: built.outputFiles[0]!.text });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.goto(`${url}stream?api=${encodeURIComponent(running.url)}`);
      await page.waitForFunction(() => document.querySelector('#state')?.textContent !== 'reading', undefined, { timeout: 30_000 });
      expect(await page.textContent('#state')).toBe('done');
      const events = await page.$$eval('#events li', (items) => items.map((item) => item.textContent ?? ''));
      // Every event once and in order, across the reconnection.
      expect(events.map((event) => event.split(':')[0])).toEqual(['1', '2', '3', '4', '5', '6']);
      expect(events.every((event) => /^\d:(delta:.+|done:.*)$/.test(event))).toBe(true);
      await page.screenshot({ path: join(repoRoot, '.tmp', 'browser-stream.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await running.close();
    }
  }, 120_000);
});
