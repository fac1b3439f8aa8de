/**
 * A drop-in for robots-parser 3: the same `robotsParser(url, contents)` call and `Robot` methods,
 * answered by robomata's compiled automata (exact Google / RFC 9309 semantics, see
 * docs/semantics.md), with robots-parser's API contract: origin check, relative URLs, full
 * User-Agent strings, `-1` for no matching line, `undefined` for URLs of other origins.
 */

import { compileWithReport } from '@robomata/compiler';
import type { ParsedRobots } from '@robomata/compiler';
import { findProductToken, loadRobots } from '@robomata/runtime';
import type { ProductToken } from '@robomata/runtime';
import type { AgentRules, Profile, Robots } from '@robomata/runtime';

/** A whole-file warning of the parser: the body was truncated, is an HTML page or is binary. */
export type ParseWarning = ParsedRobots['warnings'][number];

/** Options of {@link robotsParser} (a third argument robots-parser does not have). */
export interface RobotsParserOptions {
  /** `'rfc9309'` (default: RFC 9309 with its URL normalisation) or `'google'` (Google's parser exactly). */
  readonly profile?: Profile;
  /** Bytes of robots.txt read (default 512,000, RFC 9309 section 2.5); the rest is reported by `getWarnings()`. */
  readonly maxBytes?: number;
  /**
   * Where a `ua` with no crawler token (a browser header such as `Mozilla/5.0 (X11; ...)`) is
   * reported: once per User-Agent string per process (the first 64 such strings). Default `console.warn`.
   */
  readonly warn?: (message: string) => void;
}

/** What robots-parser 3's `robotsParser()` returns, method for method. */
export interface Robot {
  /**
   * Returns true when `ua` (a product token or a full User-Agent string; default `*`) may fetch
   * `url`, false when it may not, and undefined when `url` is invalid or of another origin than the
   * robots.txt (scheme, host and port, default ports folded).
   */
  isAllowed(url: string, ua?: string): boolean | undefined;
  /** Returns `!isAllowed(url, ua)` (so true for URLs of other origins, as robots-parser does). */
  isDisallowed(url: string, ua?: string): boolean;
  /**
   * Returns true when a group naming `ua` itself (not the `*` group) disallows `url`; undefined for
   * invalid URLs and URLs of other origins.
   */
  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined;
  /** Returns the 1-based line of the rule that decides `url` for `ua`, or -1 when none does. */
  getMatchingLineNumber(url: string, ua?: string): number;
  /** Returns the crawl-delay in seconds of the group `ua` obeys, or undefined. */
  getCrawlDelay(ua?: string): number | undefined;
  /** Returns the sitemap URLs, in file order (a new array each call). */
  getSitemaps(): string[];
  /** Returns the value of the last `Host:` line, lower-cased, or null. */
  getPreferredHost(): string | null;
}

/** The {@link Robot} robomata returns, with what robots-parser cannot say. */
export interface RobomataRobot extends Robot {
  /** Returns the parser's warnings: a body cut at `maxBytes`, an HTML page or a binary body. */
  getWarnings(): readonly ParseWarning[];
  /** The compiled rules (the `@robomata/runtime` API: `agent()`, `decide()`, `rule()`, ...). */
  readonly robots: Robots;
  /**
   * Returns the product token `ua` selects its group by (default `*`) and whether it is a
   * crawler's token (docs/semantics.md section 3: `Mozilla/5.0 (compatible; FooBot/2.1)` gives
   * `{ token: 'FooBot', recognised: true }`; a browser header `{ token: 'Mozilla', recognised: false }`).
   */
  getProductToken(ua?: string): ProductToken;
}

/**
 * Base URL robots-parser resolves relative URLs against (both the robots.txt URL and checked URLs),
 * kept byte for byte so that relative URLs behave exactly as they do there.
 */
const RELATIVE_URL_BASE = 'http://robots-relative.samclarke.com/';

/** Agents whose rules are cached per Robot (a crawler uses a handful of User-Agent strings). */
const AGENT_CACHE_MAX = 64;

/** An origin as robots-parser compares it: protocol, hostname and port after its default-port step. */
interface Origin {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
}

/** Returns the URL parsed as robots-parser's `parseUrl` does, or null when it is invalid. */
function _parseUrl(url: string): URL | null {
  try {
    const parsed = new URL(url, RELATIVE_URL_BASE);
    // robots-parser's default-port step: a no-op for http/https (the default port reads as ''),
    // port 80 for any other scheme without one.
    if (parsed.port === '') parsed.port = parsed.protocol === 'https:' ? '443' : '80';
    return parsed;
  } catch {
    return null;
  }
}

/** Returns true when `c` (a char code) may follow an origin in a URL: `/`, `?`, `#` or the end. */
function _endsOrigin(c: number): boolean {
  return Number.isNaN(c) || c === 0x2f || c === 0x3f || c === 0x23;
}

/**
 * Returns the product token robomata selects a group by for a User-Agent string: its crawler
 * token (`findProductToken`, docs/semantics.md section 3: `FooBot/2.1 (+https://x)` and
 * `Mozilla/5.0 (compatible; FooBot/2.1)` give `FooBot`), or `*` (the global group) when it has
 * no product token (`*`, `''`, `123bot`), as robots-parser's default `*`.
 */
export function productTokenOf(ua: string): string {
  return _tokenOf(ua).token;
}

function _tokenOf(ua: string): ProductToken {
  const found = findProductToken(ua);
  return found.token === '' ? { token: '*', recognised: false } : found;
}

/** User-Agent strings already reported as naming no crawler token (bounded: see RobotsParserOptions.warn). */
const _warnedAgents = new Set<string>();
const WARNED_AGENTS_MAX = 64;

function _warnUnrecognised(ua: string, token: string, warn: ((message: string) => void) | undefined): void {
  if (ua === '*' || _warnedAgents.has(ua) || _warnedAgents.size >= WARNED_AGENTS_MAX) return;
  _warnedAgents.add(ua);
  (warn ?? console.warn)(
    `@robomata/robots-parser: User-Agent ${JSON.stringify(ua)} names no crawler product token (docs/semantics.md section 3); ` +
      `checking it as ${JSON.stringify(token)}: pass your crawler's token`,
  );
}

/** The rules one User-Agent string selects, and the product token they were selected by. */
interface _Agent {
  readonly token: string;
  readonly recognised: boolean;
  readonly rules: AgentRules;
}

class _Robot implements RobomataRobot {
  readonly robots: Robots;
  private readonly _origin: Origin | null;
  /** `scheme://host` of the robots.txt URL as the URL parser writes it: a fast same-origin test. */
  private readonly _prefix: string | null;
  private readonly _warnings: readonly ParseWarning[];
  private readonly _agents = new Map<string, _Agent>();
  private readonly _preferredHost: string | null;
  private readonly _warn: ((message: string) => void) | undefined;

  constructor(url: string, contents: string, options: RobotsParserOptions | undefined) {
    this._warn = options?.warn;
    const report = compileWithReport(contents, {
      profile: options?.profile ?? 'rfc9309',
      ...(options?.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
    this.robots = loadRobots(report.artifact);
    this._warnings = report.parsed.warnings;
    const parsed = typeof url === 'string' ? _parseUrl(url) : null;
    this._origin = parsed === null ? null : { protocol: parsed.protocol, hostname: parsed.hostname, port: parsed.port };
    // Without credentials, a URL that starts with exactly `protocol//host` followed by `/`, `?`,
    // `#` or its end parses to this origin.
    this._prefix = parsed !== null && parsed.username === '' && parsed.password === '' ? `${parsed.protocol}//${parsed.host}` : null;
    let host: string | null = null;
    for (const d of this.robots.otherDirectives()) {
      if (d.key.toLowerCase() === 'host' && d.value !== '') host = d.value.toLowerCase();
    }
    this._preferredHost = host;
  }

  /**
   * Returns what robomata matches for `url` when it is of the robots.txt's origin, else undefined:
   * the URL itself when it is absolute or starts with `/`, else the path and query it resolves to.
   * Allocation-free for URLs that start with the origin itself.
   */
  private _target(url: string): string | undefined {
    if (typeof url !== 'string' || this._origin === null) return undefined;
    const prefix = this._prefix;
    if (prefix !== null && url.startsWith(prefix) && _endsOrigin(url.charCodeAt(prefix.length))) return url;
    const parsed = _parseUrl(url);
    const o = this._origin;
    if (parsed === null || parsed.protocol !== o.protocol || parsed.hostname !== o.hostname || parsed.port !== o.port) return undefined;
    return url.charCodeAt(0) === 0x2f || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) ? url : parsed.pathname + parsed.search;
  }

  /**
   * Returns the rules for a User-Agent string (default `*`): the group of its crawler token
   * (`findProductToken`: `FooBot/2.1 (+https://x)` selects `FooBot`'s group), warning once when it
   * has none. Throws a TypeError for a `ua` that is neither a string nor undefined.
   */
  private _agent(ua: string | undefined): _Agent {
    const key = ua ?? '*';
    let agent = this._agents.get(key);
    if (agent === undefined) {
      if (typeof key !== 'string') throw new TypeError(`ua must be a string (a User-Agent or product token), got ${key === null ? 'null' : typeof key}`);
      const { token, recognised } = _tokenOf(key);
      if (!recognised) _warnUnrecognised(key, token, this._warn);
      agent = { token, recognised, rules: this.robots.agent(token) };
      if (this._agents.size < AGENT_CACHE_MAX) this._agents.set(key, agent);
    }
    return agent;
  }

  private _rules(ua: string | undefined): AgentRules {
    return this._agent(ua).rules;
  }

  isAllowed(url: string, ua?: string): boolean | undefined {
    const target = this._target(url);
    return target === undefined ? undefined : this._rules(ua).isAllowed(target);
  }

  isDisallowed(url: string, ua?: string): boolean {
    return !this.isAllowed(url, ua);
  }

  isExplicitlyDisallowed(url: string, ua: string): boolean | undefined {
    const target = this._target(url);
    if (target === undefined) return undefined;
    const rules = this._rules(ua);
    return rules.selection === 'specific' && !rules.isAllowed(target);
  }

  getMatchingLineNumber(url: string, ua?: string): number {
    const target = this._target(url);
    if (target === undefined) return -1;
    // The runtime's decision names the deciding rule (none for no match and the /robots.txt allow).
    return this.robots.explain(target, this._agent(ua).token).rule?.line ?? -1;
  }

  getCrawlDelay(ua?: string): number | undefined {
    return this.robots.crawlDelay(this._agent(ua).token);
  }

  getSitemaps(): string[] {
    return this.robots.sitemaps.slice();
  }

  getPreferredHost(): string | null {
    return this._preferredHost;
  }

  getWarnings(): readonly ParseWarning[] {
    return this._warnings;
  }

  getProductToken(ua?: string): ProductToken {
    const { token, recognised } = this._agent(ua);
    return { token, recognised };
  }
}

/**
 * Returns the rules of the robots.txt `contents` fetched from `url`, with robots-parser 3's methods
 * (`isAllowed`, `isDisallowed`, `isExplicitlyDisallowed`, `getMatchingLineNumber`,
 * `getCrawlDelay`, `getSitemaps`, `getPreferredHost`) answered by robomata (RFC 9309 sections
 * 2.2.1 to 2.2.3 and 2.5; the answers that differ from robots-parser's are listed in the README).
 * `contents` null or undefined is an empty file. Compiles once: O(contents) plus bounded automaton
 * construction; each check is O(URL length), allocation-free for URLs that start with the
 * robots.txt's own `scheme://host`. Never throws on content; throws a TypeError for a non-string
 * `contents` or invalid options.
 */
export function robotsParser(url: string, contents: string, options?: RobotsParserOptions): RobomataRobot {
  return new _Robot(url, contents ?? '', options);
}
