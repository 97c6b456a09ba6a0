/**
 * Generic AsyncAPI 3.0 and 3.1 documents (Kafka, MQTT, WebSocket; request/reply; inline
 * and referenced payloads; messages defined in channels only; a multi-format payload)
 * generate, type-check, and validate their messages.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateToDisk, TypeCheckBatch } from '../helpers/generate.js';
import { repoRoot } from '../helpers/spec-files.js';

const fixture = (name: string): string => join(repoRoot, 'test', 'generator', 'fixtures', 'asyncapi', `${name}.asyncapi.yaml`);

type Validator = { safeParse(v: unknown): { success: boolean } };
interface Feed {
  clientMessageSchema: Validator;
  serverMessageSchema: Validator;
  parseFeedMessage(raw: string): { ok: boolean };
  messages: Record<string, { direction: string; schema: Validator }>;
}

async function generateFixture(name: string): Promise<{ feed: Feed; files: Map<string, string>; dir: string }> {
  const { output, dir } = await generateToDisk(fixture(name), name);
  const feed = (await import(pathToFileURL(join(dir, 'src', 'index.ts')).href)) as Feed;
  return { feed, files: output.files, dir };
}

const directions = (feed: Feed): Record<string, string> => Object.fromEntries(Object.entries(feed.messages).map(([key, m]) => [key, m.direction]));

/** The packages this file generates, type-checked together by its last test. */
const typeChecks = new TypeCheckBatch('asyncapi-documents');

describe('generic AsyncAPI documents', () => {
  it('Kafka 3.0 with inline payloads only: no empty imports (regression: prettier failed on `import {} from`), channel messages, a multi-format payload', async () => {
    const { feed, files, dir } = await generateFixture('kafka-orders');
    for (const [path, text] of files) expect(text, path).not.toMatch(/import (type )?\{\s*\}/);
    expect(directions(feed)).toEqual({ orderPlaced: 'server', orderShipped: 'client' });
    expect(feed.parseFeedMessage(JSON.stringify({ orderId: '6f1c2a4e-8a53-4e53-9f4b-2d1f7f0b8c11', placedAt: '2026-01-02T03:04:05Z', items: [{ sku: 'A1', quantity: 2 }] }))).toMatchObject({ ok: true });
    expect(feed.parseFeedMessage(JSON.stringify({ orderId: 'x', placedAt: '2026-01-02T03:04:05Z', items: [] }))).toMatchObject({ ok: false });
    // The multi-format object's `schema` is the payload.
    expect(feed.clientMessageSchema.safeParse({ orderId: 'o1', carrier: 'dhl' }).success).toBe(true);
    expect(feed.clientMessageSchema.safeParse({ orderId: 'o1', carrier: 'pigeon' }).success).toBe(false);
    typeChecks.add('kafka-orders', dir);
  });

  it('MQTT 3.1 with payloads referenced from components.schemas', async () => {
    const { feed, dir } = await generateFixture('mqtt-sensors');
    expect(directions(feed)).toEqual({ Reading: 'server', SetTarget: 'client' });
    expect(feed.parseFeedMessage(JSON.stringify({ sensor: 's1', celsius: 21.5, humidity: null, at: '2026-01-02T03:04:05Z' }))).toMatchObject({ ok: true });
    expect(feed.parseFeedMessage(JSON.stringify({ sensor: 's1', celsius: 120, at: '2026-01-02T03:04:05Z' }))).toMatchObject({ ok: false });
    expect(feed.clientMessageSchema.safeParse({ celsius: 20, extra: 1 }).success).toBe(false);
    typeChecks.add('mqtt-sensors', dir);
  });

  it('WebSocket 3.0 request/reply: the reply is the server’s, inline and referenced payloads side by side', async () => {
    const { feed, dir } = await generateFixture('websocket-chat');
    expect(directions(feed)).toEqual({ Join: 'client', Joined: 'server', Say: 'client', said: 'server' });
    expect(feed.parseFeedMessage(JSON.stringify({ type: 'joined', members: ['ann'] }))).toMatchObject({ ok: true });
    expect(feed.parseFeedMessage(JSON.stringify({ from: 'ann', text: 'hi' }))).toMatchObject({ ok: true });
    expect(feed.clientMessageSchema.safeParse({ type: 'join', nickname: '' }).success).toBe(false);
    typeChecks.add('websocket-chat', dir);
  });

  it('every package generated above type-checks under strict (one tsc program for them all)', async () => {
    expect(await typeChecks.errors()).toEqual({});
  }, 120_000);
});
