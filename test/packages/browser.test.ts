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
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../mock/start.js';
import { ensureChromium } from '../../scripts/ensure-chromium.js';
import { repoRoot } from '../helpers/spec-files.js';

const here = join(repoRoot, 'test', 'packages', 'browser');
let sandbox: Sandbox;
let site: Server;
let browser: Browser;

/** Serves the page and its bundle on 127.0.0.1 (another origin than the mocks: CORS applies). */
async function servePage(bundle: string): Promise<string> {
  const html = readFileSync(join(here, 'index.html'), 'utf8');
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (path === '/page.js') response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
}

beforeAll(async () => {
  const executablePath = await ensureChromium();
  sandbox = await startSandbox();
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
    const bundled = await build({ entryPoints: [join(here, 'page.ts')], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', conditions: ['svc-source'], write: false, logLevel: 'silent' });
    const url = await servePage(bundled.outputFiles[0]!.text);
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
});
