/** A generic AsyncAPI 3.0 document (not ours): messages, directions, unions and parsing. */
import { describe, expect, it } from 'vitest';
import { importGenerated } from '../helpers/generate.js';

const streetlights = {
  asyncapi: '3.0.0',
  info: { title: 'Streetlights', version: '1.0.0' },
  servers: { local: { host: 'localhost:8080', protocol: 'ws' } },
  channels: {
    lights: {
      address: '/lights',
      messages: {
        lightMeasured: { $ref: '#/components/messages/lightMeasured' },
        turnOn: { $ref: '#/components/messages/turnOn' },
        turnOff: { $ref: '#/components/messages/turnOff' },
      },
    },
  },
  operations: {
    receiveLightMeasurement: { action: 'receive', channel: { $ref: '#/channels/lights' }, messages: [{ $ref: '#/channels/lights/messages/lightMeasured' }] },
    sendCommands: {
      action: 'send',
      channel: { $ref: '#/channels/lights' },
      messages: [{ $ref: '#/channels/lights/messages/turnOn' }, { $ref: '#/channels/lights/messages/turnOff' }],
    },
  },
  components: {
    messages: {
      lightMeasured: { name: 'lightMeasured', payload: { $ref: '#/components/schemas/LightMeasured' } },
      turnOn: { name: 'turnOn', payload: { $ref: '#/components/schemas/TurnOn' } },
      turnOff: { name: 'turnOff', payload: { $ref: '#/components/schemas/TurnOff' } },
    },
    schemas: {
      LightMeasured: {
        type: 'object',
        required: ['kind', 'id', 'lumens'],
        properties: { kind: { const: 'measurement' }, id: { type: 'integer', minimum: 0 }, lumens: { type: 'integer', minimum: 0 }, sentAt: { type: 'string', format: 'date-time' } },
      },
      TurnOn: { type: 'object', required: ['command'], additionalProperties: false, properties: { command: { const: 'on' }, id: { type: 'integer' } } },
      TurnOff: { type: 'object', required: ['command'], additionalProperties: false, properties: { command: { const: 'off' }, id: { type: 'integer' } } },
    },
  },
};

type Validator = { safeParse(v: unknown): { success: boolean } };
interface Feed {
  schemas: Record<string, Validator>;
  clientMessageSchema: Validator;
  serverMessageSchema: Validator;
  parseFeedMessage(raw: string): { ok: boolean; error?: { kind: string } };
  messages: Record<string, { direction: string }>;
}

describe('generic AsyncAPI 3.0 document', () => {
  it('splits messages by operation action and validates both sides', async () => {
    const mod = await importGenerated<Feed>(streetlights, 'streetlights');
    expect(Object.fromEntries(Object.entries(mod.messages).map(([k, m]) => [k, m.direction]))).toEqual({
      lightMeasured: 'server',
      turnOff: 'client',
      turnOn: 'client',
    });
    expect(mod.clientMessageSchema.safeParse({ command: 'on', id: 3 }).success).toBe(true);
    expect(mod.clientMessageSchema.safeParse({ command: 'dim' }).success).toBe(false);
    expect(mod.parseFeedMessage('{"kind":"measurement","id":1,"lumens":300}')).toMatchObject({ ok: true });
    expect(mod.parseFeedMessage('{"kind":"measurement","id":1,"lumens":-1}')).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
    expect(Object.keys(mod.schemas).sort()).toEqual(['LightMeasured', 'TurnOff', 'TurnOn']);
  });
});
