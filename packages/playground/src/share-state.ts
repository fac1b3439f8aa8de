/**
 * The page state and its encoding in the page URL's fragment, so that a link reproduces the
 * robots.txt, agents, URLs, profile and drawn agent. The fragment never reaches a server.
 * Format: `#s=` + base64url(deflate-raw(JSON)) where `CompressionStream` exists, else
 * `#j=` + base64url(UTF-8 JSON); both are read back.
 */
import type { Profile } from '@robomata/runtime';

/** Everything a shared link carries. */
export interface PlaygroundState {
  readonly robotsTxt: string;
  /** Agents, one per line (or comma-separated). */
  readonly agents: string;
  /** URLs or paths, one per line. */
  readonly urls: string;
  readonly profile: Profile;
  /** Index of the agent whose group's automaton is drawn. */
  readonly graphAgent: number;
}

/** Version of the JSON layout; bump it when fields change meaning. */
const STATE_VERSION = 1;

/** Returns base64url text (no padding) of `bytes`. O(n). */
function _toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Returns the bytes of base64url text; throws on invalid text. O(n). */
function _fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Returns `bytes` piped through a (de)compression stream. */
async function _pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** Returns the URL fragment (with `#`) encoding `state`. */
export async function encodeState(state: PlaygroundState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify({ v: STATE_VERSION, ...state }));
  if (typeof CompressionStream === 'undefined') return `#j=${_toBase64Url(json)}`;
  return `#s=${_toBase64Url(await _pipe(json, new CompressionStream('deflate-raw')))}`;
}

/**
 * Returns the state a fragment encodes, or undefined when the fragment holds none; throws an
 * Error with a readable message when it is damaged (cut link, other version).
 */
export async function decodeState(hash: string): Promise<PlaygroundState | undefined> {
  const m = /^#?([sj])=(.*)$/s.exec(hash);
  if (m === null) return undefined;
  let value: unknown;
  try {
    const bytes = _fromBase64Url(m[2] as string);
    const json = m[1] === 's' ? await _pipe(bytes, new DecompressionStream('deflate-raw')) : bytes;
    value = JSON.parse(new TextDecoder().decode(json));
  } catch {
    throw new Error('the shared link is damaged (was it cut short?); it was not loaded');
  }
  return _checkState(value);
}

function _checkState(value: unknown): PlaygroundState {
  const v = value as Record<string, unknown> | null;
  if (typeof v !== 'object' || v === null || v['v'] !== STATE_VERSION) {
    throw new Error('the shared link comes from another version of the playground; it was not loaded');
  }
  const { robotsTxt, agents, urls, profile, graphAgent } = v;
  if (typeof robotsTxt !== 'string' || typeof agents !== 'string' || typeof urls !== 'string' ||
    (profile !== 'rfc9309' && profile !== 'google') || !Number.isSafeInteger(graphAgent)) {
    throw new Error('the shared link does not hold a playground state; it was not loaded');
  }
  return { robotsTxt, agents, urls, profile, graphAgent: graphAgent as number };
}

/**
 * Returns the agents of the agents field: one per line, trimmed, blanks dropped; a line without
 * `(` may list several separated by commas (`Googlebot, FooBot`), while a full User-Agent header
 * keeps its commas (`... (KHTML, like Gecko) ...`).
 */
export function splitAgents(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => (line.includes('(') ? [line] : line.split(',')))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Returns the URLs of the URL field: one per line, trimmed; blank lines and `#` comments dropped. */
export function splitUrls(text: string): string[] {
  return text.split('\n').map((s) => s.trim()).filter((s) => s.length > 0 && !s.startsWith('#'));
}
