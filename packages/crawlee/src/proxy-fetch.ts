/**
 * A `fetch` for `@robomata/fetch` that goes through an HTTP(S) proxy: undici's `fetch` with a
 * `ProxyAgent` dispatcher (CONNECT tunnel), one agent per proxy URL, the least recently used
 * closed past {@link MAX_PROXY_AGENTS}.
 */

import { fetch as undiciFetch, ProxyAgent } from 'undici';

/**
 * Proxy agents kept open at once. Crawlee rotates through a list of proxy URLs (usually a
 * handful, sometimes one per session); 32 keeps a rotation's connections alive without holding
 * sockets for every session ever seen.
 */
export const MAX_PROXY_AGENTS = 32;

/** Returns the proxy URL for the next robots.txt request, or undefined for a direct request. */
export type ProxyUrlSource = () => Promise<string | undefined> | string | undefined;

/**
 * Returns a `fetch` that sends each request through the proxy `proxyUrl()` names at that moment
 * (directly through `direct` when it names none). The returned function has the signature of
 * the global `fetch`, as `createRobotsCache({ fetch })` expects.
 */
export function createProxiedFetch(proxyUrl: ProxyUrlSource, direct: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  const agents = new Map<string, ProxyAgent>();
  const agentFor = (url: string): ProxyAgent => {
    let agent = agents.get(url);
    if (agent !== undefined) {
      agents.delete(url);
    } else {
      agent = new ProxyAgent(url);
      if (agents.size >= MAX_PROXY_AGENTS) {
        const oldest = agents.keys().next().value as string;
        void agents.get(oldest)?.close().catch(() => undefined);
        agents.delete(oldest);
      }
    }
    agents.set(url, agent);
    return agent;
  };
  const proxied = async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit): Promise<Response> => {
    const url = await proxyUrl();
    if (url === undefined || url === '') return direct(input, init);
    // undici's types describe the same WHATWG objects as the global ones, from its own package.
    const response = await undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as object), dispatcher: agentFor(url) } as Parameters<typeof undiciFetch>[1]);
    return response as unknown as Response;
  };
  return proxied as typeof globalThis.fetch;
}
