/**
 * @robomata/crawlee: exact RFC 9309 robots.txt for Crawlee crawlers, fetched once per origin
 * (optionally once per fleet), answered by robomata's precompiled automata.
 */

export { withRobomata } from './with-robomata.js';
export type { CrawlerClass, RobomataCrawler, RobomataCrawlerClass, RobomataHandle, RobomataOptions, RobomataStats } from './with-robomata.js';
export { createRobotsTxtFinder, findRobotsTxtFile } from './robots-txt-file.js';
export type { RobomataRobotsTxtFile, RobotsTxtFinder, RobotsTxtFinderOptions } from './robots-txt-file.js';
export { describeDecision, explainDecision } from './decision.js';
export type { RobotsTxtDecision, RobotsTxtReason, RobotsTxtRule } from './decision.js';
export { createProxiedFetch } from './proxy-fetch.js';
export type { ProxyUrlSource } from './proxy-fetch.js';
export type { CachedRobots, FetchStatusClass, RobotsCache, RobotsCacheOptions, RobotsCacheStats, RobotsPolicy, RobotsStatusClass, RobotsStore } from '@robomata/fetch';
