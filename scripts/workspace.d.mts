/** Types of scripts/workspace.mjs (read by vitest.config.ts and the playground's vite.config.ts). */
export declare const ROOT: string;
export declare const PATHS_FILE: string;
export interface WorkspacePackage {
  readonly name: string;
  readonly dir: string;
  readonly manifest: Record<string, unknown>;
}
export declare function workspacePackages(root?: string): WorkspacePackage[];
export declare function sourceEntries(root?: string): Array<{ specifier: string; file: string }>;
export declare function sourceAliases(root?: string): Array<{ find: RegExp; replacement: string }>;
export declare function pathsFileText(root?: string): string;
export declare function buildProjects(root?: string): string[];
