/** The server stub of a spec object, generated into .tmp/ and imported: its factory and `serveNode`. */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hono } from 'hono';
import { afterAll } from 'vitest';
import { generateToDisk, writeSpec } from './generate.js';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export interface ServerStub<Factory> {
  /** `create<Name>Server`, named after the package. */
  create: Factory;
  serveNode: (app: Hono) => Promise<RunningServer>;
}

/** Generates the package `name` (kebab-case) from `spec` and imports its `src/server.ts`. */
export async function importServerStub<Factory>(spec: object, name: string): Promise<ServerStub<Factory>> {
  const { dir } = await generateToDisk(writeSpec(spec, name), name);
  const module = (await import(pathToFileURL(join(dir, 'src', 'server.ts')).href)) as Record<string, unknown>;
  const pascal = name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());
  return { create: module[`create${pascal}Server`] as Factory, serveNode: module.serveNode as ServerStub<Factory>['serveNode'] };
}

/**
 * The URL of an app served over HTTP on loopback by the stub's `serveNode`: one server per app,
 * started when first asked for and closed after the test file. Call at the top of a test file.
 */
export function servedOverNode(stub: () => Promise<Pick<ServerStub<unknown>, 'serveNode'>>): (app: Hono) => Promise<string> {
  const servers = new Map<Hono, Promise<RunningServer>>();
  afterAll(async () => {
    for (const server of servers.values()) await (await server).close();
  });
  return async (app) => {
    let server = servers.get(app);
    if (!server) servers.set(app, (server = stub().then(({ serveNode }) => serveNode(app))));
    return (await server).url;
  };
}
