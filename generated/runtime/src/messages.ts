// Copied from templates/runtime/ by svc-api-codegen. Do not edit: change the template and run `npm run generate`.
/** Parsing of WebSocket frames into validated messages. */
import type { Validator } from './types.js';

/** Why a frame could not be turned into a message. */
export interface MessageParseError {
  kind: 'invalid_json' | 'invalid_message';
  message: string;
  /** zod issues, for `invalid_message`. */
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
  /** The frame as text. */
  raw: string;
}

export type MessageParseResult<T> = { ok: true; message: T } | { ok: false; error: MessageParseError };

/** What WebSocket libraries hand out: text, a buffer, or (ws) a list of buffer fragments. */
export type RawFrame = string | ArrayBuffer | ArrayBufferView | readonly ArrayBufferView[];

const decoder = new TextDecoder();

export function frameToText(raw: RawFrame): string {
  if (typeof raw === 'string') return raw;
  if (Array.isArray(raw)) return (raw as readonly ArrayBufferView[]).map((part) => frameToText(part)).join('');
  if (raw instanceof ArrayBuffer) return decoder.decode(raw);
  const view = raw as ArrayBufferView;
  return decoder.decode(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
}

/** Parses a frame as JSON and validates it; never throws. */
export function parseMessage<T>(schema: Validator<T>, raw: RawFrame): MessageParseResult<T> {
  const text = frameToText(raw);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: { kind: 'invalid_json', message: `not JSON: ${(error as Error).message}`, issues: [], raw: text },
    };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  const issues = result.error.issues.map((i) => ({ path: i.path, message: i.message }));
  const first = issues[0];
  return {
    ok: false,
    error: {
      kind: 'invalid_message',
      message: first
        ? `invalid message at ${first.path.map(String).join('.') || '(root)'}: ${first.message}`
        : 'invalid message',
      issues,
      raw: text,
    },
  };
}
