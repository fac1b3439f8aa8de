/**
 * `@robomata/crawlee/testing`: the tuning constants behind `withRobomata`'s defaults and bounds,
 * for tests and tools that reason about them (each is documented, with what chose it, where it
 * is defined). Applications set the matching options (`maxCrawlDelaySecs`) instead.
 */

export { DEFAULT_MAX_CRAWL_DELAY_SECS, MAX_DELAY_ORIGINS } from './crawl-delay.js';
export { MAX_PROXY_AGENTS } from './proxy-fetch.js';
export { MAX_REPORTED_ORIGINS } from './report.js';
