/** Types of local-site.mjs (the example site the README's example and the tests crawl). */
export declare const SITE_BOT: string;
export declare const SITE_PAGES: readonly string[];
export declare function siteRobotsTxt(base: string): string;
export declare function siteLinksOf(path: string): string[];
export interface SiteRequest {
  readonly path: string;
  readonly at: number;
  readonly userAgent: string | undefined;
}
export type RobotsAnswer =
  | { readonly status: number; readonly body?: string; readonly headers?: Record<string, string> }
  | { readonly hang: true }
  | { readonly reset: true }
  | { readonly redirectLoop: true };
export interface LocalSite {
  readonly base: string;
  readonly port: number;
  readonly log: SiteRequest[];
  setRobots(answer: RobotsAnswer): void;
  pageRequests(): string[];
  robotsRequests(): number;
  close(): Promise<void>;
}
export declare function startLocalSite(): Promise<LocalSite>;
