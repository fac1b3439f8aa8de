/**
 * Packs every publishable package with `npm pack` (the way a new user packs; each `prepack` builds
 * and rewrites `workspace:*` to the version, `postpack` restores package.json), installs the tarballs with npm into a fresh project outside the workspace (only
 * the npm registry is reached, for third-party dependencies and TypeScript), and checks what a
 * consumer meets: every subpath of every exports map imported from ESM and required from CommonJS,
 * the types with TypeScript 5.0 and the workspace's TypeScript (skipLibCheck false, ESM and CJS
 * consumers), `npx robomata`, publint and @arethetypeswrong/cli on each tarball.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'node_modules', '.bin');
/** TypeScript versions a consumer may use: the oldest supported and the workspace's own. */
const TS_OLDEST = '5.0.4';
const TS_WORKSPACE = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'typescript', 'package.json'), 'utf8')) as { version: string }).version;
/** One npm install of tarballs and a few registry packages; packing builds each package first. */
const SETUP_TIMEOUT_MS = 600_000;
/** Two TypeScript runs, or publint and attw over every tarball: minutes on a loaded 2-core machine. */
const HEAVY_TIMEOUT_MS = 600_000;

/**
 * Packages whose exports have no CommonJS build, and why (the test fails when one gains it, so the
 * list stays true). Node >= 20.19 loads their ESM builds with require().
 */
const ESM_ONLY: Readonly<Record<string, string>> = {
  '@robomata/cli': '"default" condition only: require() loads the ESM build (Node >= 20.19); a command, not a library',
};

/**
 * TypeScript 5.0 errors the packed declarations may cause: tsc >= 5.7 writes typed arrays as
 * `Int32Array<ArrayBuffer>` where a declaration has no annotation, which older TypeScript rejects
 * ("Type 'Int32Array' is not generic", TS2315). Every exported typed array is annotated, so none.
 */
const KNOWN_TS50_ERRORS = { files: [] as string[], code: 'TS2315', count: 0 };

/**
 * TypeScript 5.0 errors in third-party declarations that @robomata/crawlee's peer Crawlee brings
 * in: got 14 (Crawlee 3.18's HTTP client, through got-scraping) writes `Buffer<...>`, which
 * @types/node gives TypeScript < 5.7 as a non-generic type (TS2315). A Crawlee project on
 * TypeScript 5.0 meets them with or without robomata (skipLibCheck hides them); no robomata file has any.
 */
const THIRD_PARTY_TS50_ERRORS = { file: 'node_modules/got/', code: 'TS2315' };

interface PackageInfo {
  readonly dir: string;
  readonly name: string;
  readonly exports: Record<string, unknown>;
  tarball: string;
}

/** Returns every non-private package of packages/. */
function listPackages(): PackageInfo[] {
  return readdirSync(join(ROOT, 'packages'))
    .map((d) => join(ROOT, 'packages', d))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, json: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; private?: boolean; exports: Record<string, unknown> } }))
    .filter(({ json }) => json.private !== true)
    .map(({ dir, json }) => ({ dir, name: json.name, exports: json.exports, tarball: '' }));
}

/** Returns the module specifiers of a package's exports map (`./package.json` excluded). */
function specifiersOf(p: PackageInfo): string[] {
  return Object.keys(p.exports)
    .filter((k) => k !== './package.json')
    .map((k) => (k === '.' ? p.name : `${p.name}${k.slice(1)}`));
}

/** True when an exports entry has a condition CommonJS `require()` resolves. */
function hasCjsCondition(entry: unknown): boolean {
  return typeof entry === 'string' || (typeof entry === 'object' && entry !== null && ('require' in entry || 'default' in entry));
}

/**
 * The environment of the npm and node children: pnpm (which runs this test under `pnpm test:all`)
 * exports settings npm 10 does not know, and npm would warn `Unknown env config
 * "verify-deps-before-run"` on every call, as it would for a user who packs from a pnpm script.
 */
const CHILD_ENV = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_(verify_deps_before_run|_jsr_registry|npm_globalconfig)$/i.test(k)));

/** What npm wrote on stderr across the test's runs (checked for "Unknown env config" warnings). */
let npmStderr = '';

function run(cmd: string, args: readonly string[], cwd: string): string {
  if (cmd !== 'npm') return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, env: CHILD_ENV });
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024, env: CHILD_ENV });
  npmStderr += r.stderr;
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} exited with ${String(r.status)}:\n${r.stderr}`);
  return r.stdout;
}

/** Runs a command and returns its exit status, its stdout and both streams together. */
function attempt(cmd: string, args: readonly string[], cwd: string): { status: number; stdout: string; output: string } {
  try {
    const stdout = run(cmd, args, cwd);
    return { status: 0, stdout, output: stdout };
  } catch (err) {
    const e = err as { status?: number; stdout?: string; stderr?: string };
    return { status: e.status ?? 1, stdout: e.stdout ?? '', output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const packages = listPackages();
let project = '';
let packDir = '';
/** False when a package.json differed after `npm pack` (postpack must restore it byte for byte). */
let manifestsRestored = true;

beforeAll(() => {
  packDir = mkdtempSync(join(tmpdir(), 'robomata-pack-'));
  project = mkdtempSync(join(tmpdir(), 'robomata-consumer-'));
  for (const p of packages) {
    const before = readFileSync(join(p.dir, 'package.json'), 'utf8');
    const out = run('npm', ['pack', '--pack-destination', packDir], p.dir).trim().split('\n');
    p.tarball = join(packDir, out[out.length - 1] ?? '');
    manifestsRestored &&= readFileSync(join(p.dir, 'package.json'), 'utf8') === before && !existsSync(join(p.dir, 'package.json.workspace'));
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'robomata-consumer', private: true, version: '1.0.0' }));
  writeFileSync(join(project, 'robots.txt'), 'User-agent: FooBot\nDisallow: /private\n');
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packages.map((p) => p.tarball), `ts-oldest@npm:typescript@${TS_OLDEST}`, `ts-workspace@npm:typescript@${TS_WORKSPACE}`, '@types/node@20.19.43'],
    project,
  );
}, SETUP_TIMEOUT_MS);

afterAll(() => {
  for (const dir of [project, packDir]) if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('packed packages installed with npm in a fresh project', () => {
  it('ships dist, LICENSE and README in every tarball, with no workspace: ranges', () => {
    for (const p of packages) {
      const installed = join(project, 'node_modules', ...p.name.split('/'));
      const json = readFileSync(join(installed, 'package.json'), 'utf8');
      expect(json, p.name).not.toContain('workspace:');
      for (const f of ['LICENSE', 'README.md', 'dist/index.js', 'dist/index.d.ts']) expect(existsSync(join(installed, f)), `${p.name}: ${f}`).toBe(true);
    }
  });

  it('npm pack leaves every package.json as it was (postpack restores the workspace: ranges)', () => {
    expect(manifestsRestored).toBe(true);
  });

  it('npm packs and installs without "Unknown env config" warnings', () => {
    expect(npmStderr).not.toContain('Unknown env config');
  });

  it('pnpm pack gives the same dependency ranges as npm pack', () => {
    const p = packages.find((x) => x.name === '@robomata/robots-parser');
    expect(p).toBeDefined();
    if (p === undefined) return;
    const dir = mkdtempSync(join(tmpdir(), 'robomata-pnpm-pack-'));
    try {
      const out = run('npx', ['-y', 'pnpm@10', 'pack', '--pack-destination', dir], p.dir).trim().split('\n');
      const manifest = (tarball: string): unknown => (JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], dir)) as { dependencies: unknown }).dependencies;
      expect(manifest(out[out.length - 1] ?? '')).toEqual(manifest(p.tarball));
      expect(JSON.stringify(manifest(p.tarball))).not.toContain('workspace:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has READMEs that stand alone: every relative link points into the tarball', () => {
    for (const p of packages) {
      const installed = join(project, 'node_modules', ...p.name.split('/'));
      const readme = readFileSync(join(installed, 'README.md'), 'utf8');
      const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((t) => !/^[a-z]+:/.test(t) && !t.startsWith('#'));
      for (const t of targets) expect(existsSync(join(installed, t.split('#')[0] ?? '')), `${p.name}: README links ${t}`).toBe(true);
    }
  });

  it('imports every exports subpath from ESM and requires it from CommonJS', () => {
    const esm: string[] = [];
    const cjs: string[] = [];
    for (const p of packages) {
      for (const [key, entry] of Object.entries(p.exports)) {
        if (key === './package.json') continue;
        const spec = key === '.' ? p.name : `${p.name}${key.slice(1)}`;
        esm.push(`names[${JSON.stringify(spec)}] = Object.keys(await import(${JSON.stringify(spec)})).filter((k) => k !== 'default').sort();`);
        if (hasCjsCondition(entry)) {
          cjs.push(`{ const m = require(${JSON.stringify(spec)}); names[${JSON.stringify(spec)}] = typeof m === 'function' ? ['<function>', ...Object.keys(m)].sort() : Object.keys(m).filter((k) => k !== 'default' && k !== '__esModule' && k !== 'module.exports').sort(); }`);
        }
      }
    }
    writeFileSync(join(project, 'esm.mjs'), `const names = {};\n${esm.join('\n')}\nconsole.log(JSON.stringify(names));\n`);
    writeFileSync(join(project, 'cjs.cjs'), `const names = {};\n${cjs.join('\n')}\nconsole.log(JSON.stringify(names));\n`);
    const fromEsm = JSON.parse(run(process.execPath, ['esm.mjs'], project)) as Record<string, string[]>;
    const fromCjs = JSON.parse(run(process.execPath, ['--no-warnings', 'cjs.cjs'], project)) as Record<string, string[]>;
    for (const p of packages) {
      for (const spec of specifiersOf(p)) {
        expect(fromEsm[spec]?.length ?? 0, `${spec}: ESM exports`).toBeGreaterThan(0);
        if (p.name === '@robomata/robots-parser' && spec === p.name) {
          expect(fromCjs[spec]?.[0], 'require() returns the function').toBe('<function>');
        } else if (fromCjs[spec] !== undefined) {
          expect(fromCjs[spec], `${spec}: CommonJS exports = ESM exports`).toEqual(fromEsm[spec]);
        }
      }
    }
    const withoutCjs = packages.filter((p) => !Object.entries(p.exports).every(([k, e]) => k === './package.json' || (hasCjsCondition(e) && 'require' in (e as object)))).map((p) => p.name);
    expect(withoutCjs.sort()).toEqual(Object.keys(ESM_ONLY).sort());
  });

  it('gives working answers through both module systems', () => {
    writeFileSync(
      join(project, 'use.cjs'),
      [
        "const robotsParser = require('@robomata/robots-parser');",
        "const { compileRobots } = require('@robomata/compiler');",
        "const { extractProductToken } = require('@robomata/runtime');",
        "const { withRobomata } = require('@robomata/crawlee');",
        "const { BasicCrawler } = require('@crawlee/basic');",
        "const C = withRobomata(BasicCrawler, { userAgent: 'FooBot/1.0' });",
        "if (!(new C({ requestHandler() {} }) instanceof BasicCrawler) || C.name !== 'RobomataBasicCrawler') throw new Error('withRobomata from CommonJS');",
        "const r = robotsParser('https://a.example/robots.txt', 'User-agent: FooBot\\nDisallow: /');",
        "console.log(JSON.stringify([r.isAllowed('https://a.example/x', 'FooBot/2.1'), r.isAllowed('https://b.example/x'), compileRobots('User-agent: *\\nDisallow: /p').isAllowed('/p/1', extractProductToken('X/1'))]));",
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'use.mjs'),
      [
        "import robotsParser from '@robomata/robots-parser';",
        "import { compileRobots } from '@robomata/compiler';",
        "import { createRobotsCache } from '@robomata/fetch';",
        "import { runCli } from '@robomata/cli';",
        "import { withRobomata } from '@robomata/crawlee';",
        "import { BasicCrawler } from '@crawlee/basic';",
        "if (new (withRobomata(BasicCrawler, { userAgent: 'FooBot/1.0' }))({ requestHandler() {} }).robomata.productToken !== 'FooBot') throw new Error('withRobomata from ESM');",
        "const r = robotsParser('https://a.example/robots.txt', 'User-agent: FooBot\\nDisallow: /');",
        "console.log(JSON.stringify([r.isAllowed('https://a.example/x', 'FooBot/2.1'), typeof createRobotsCache, typeof runCli, compileRobots('User-agent: *\\nDisallow: /p').isAllowed('/p/1', 'X')]));",
      ].join('\n'),
    );
    // JSON writes robots-parser's undefined (another origin) as null.
    expect(JSON.parse(run(process.execPath, ['--no-warnings', 'use.cjs'], project))).toEqual([false, null, false]);
    expect(JSON.parse(run(process.execPath, ['use.mjs'], project))).toEqual([false, 'function', 'function', false]);
  });

  it('finds the crawler token of a full User-Agent header through both module systems (issue 22 item 1)', () => {
    const header = 'Mozilla/5.0 (compatible; FooBot/2.1; +https://foo.example/bot)';
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const body = (load: string): string =>
      [
        load,
        "const robots = compileRobots('User-agent: FooBot\\nDisallow: /\\n\\nUser-agent: *\\nDisallow: /all\\n');",
        `const header = ${JSON.stringify(header)};`,
        `const chrome = ${JSON.stringify(chrome)};`,
        'const r = robotsParser("https://a.example/robots.txt", "User-agent: FooBot\\nDisallow: /", { warn: () => undefined });',
        'console.log(JSON.stringify([findProductToken(header), extractProductToken(header), findProductToken(chrome), robots.selectAgent(header).selection, robots.isAllowed("/x", header), r.isAllowed("https://a.example/x", header), r.getProductToken(chrome)]));',
      ].join('\n');
    writeFileSync(join(project, 'token.cjs'), body("const { compileRobots } = require('@robomata/compiler');\nconst { findProductToken, extractProductToken } = require('@robomata/runtime');\nconst robotsParser = require('@robomata/robots-parser');"));
    writeFileSync(join(project, 'token.mjs'), body("import { compileRobots } from '@robomata/compiler';\nimport { findProductToken, extractProductToken } from '@robomata/runtime';\nimport robotsParser from '@robomata/robots-parser';"));
    const want = [{ token: 'FooBot', recognised: true }, 'FooBot', { token: 'Mozilla', recognised: false }, 'specific', false, false, { token: 'Mozilla', recognised: false }];
    expect(JSON.parse(run(process.execPath, ['token.cjs'], project))).toEqual(want);
    expect(JSON.parse(run(process.execPath, ['token.mjs'], project))).toEqual(want);
  });

  it('runs @robomata/fetch from CommonJS, compiling on its worker thread, and loads @robomata/redis (issue 22 item 5)', () => {
    writeFileSync(
      join(project, 'fetch.cjs'),
      [
        "const http = require('node:http');",
        "const { createRobotsCache } = require('@robomata/fetch');",
        "const { createRedisStore } = require('@robomata/redis');",
        "const body = 'User-agent: FooBot\\nDisallow: /private\\n' + '# padding to compile on the worker\\n'.repeat(20);",
        "const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end(body); });",
        "server.listen(0, '127.0.0.1', async () => {",
        '  const base = `http://127.0.0.1:${server.address().port}`;',
        "  const cache = createRobotsCache({ userAgent: 'FooBot/1.0' });",
        '  const answers = [await cache.isAllowed(`${base}/private/x`), await cache.isAllowed(`${base}/public`)];',
        '  console.log(JSON.stringify([answers, cache.stats().compiledInWorker, typeof createRedisStore]));',
        '  server.close();',
        '});',
      ].join('\n'),
    );
    expect(JSON.parse(run(process.execPath, ['fetch.cjs'], project))).toEqual([[false, true], 1, 'function']);
  });

  it(`type-checks ESM and CommonJS consumers with TypeScript ${TS_OLDEST} and the workspace's, skipLibCheck false`, () => {
    const esmImports = packages.flatMap((p) => specifiersOf(p)).map((s, i) => `import * as m${i} from '${s}';\nvoid m${i};`);
    const cjsImports = packages.filter((p) => 'require' in (p.exports['.'] as object)).map((p, i) => `import c${i} = require('${p.name}');\nvoid c${i};`);
    writeFileSync(
      join(project, 'consumer.mts'),
      [
        ...esmImports,
        "import robotsParser from '@robomata/robots-parser';",
        "import { compileRobots } from '@robomata/compiler';",
        "const allowed: boolean | undefined = robotsParser('https://a.example/robots.txt', '').isAllowed('https://a.example/');",
        "const strict: boolean = compileRobots('User-agent: *').isAllowed('/', 'a');",
        "import { findProductToken, type AgentSelection, type ProductToken } from '@robomata/runtime';",
        "const found: ProductToken = findProductToken('Mozilla/5.0 (compatible; FooBot/2.1)');",
        "const selected: AgentSelection = compileRobots('User-agent: *').selectAgent(found.token);",
        "import { withRobomata } from '@robomata/crawlee';",
        "import { BasicCrawler as Basic } from '@crawlee/basic';",
        "const token: string = new (withRobomata(Basic, { userAgent: 'FooBot/1.0' }))({ maxRequestRetries: 1 }).robomata.productToken;",
        'export { allowed, strict, selected, token };',
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'consumer.cts'),
      [
        ...cjsImports,
        "import robotsParser = require('@robomata/robots-parser');",
        "const robot: robotsParser.Robot = robotsParser('https://a.example/robots.txt', '');",
        'const line: number = robot.getMatchingLineNumber(\'https://a.example/\');',
        "import fetchCjs = require('@robomata/fetch');",
        "import runtimeCjs = require('@robomata/runtime');",
        "const cache: fetchCjs.RobotsCache = fetchCjs.createRobotsCache({ userAgent: 'FooBot/1.0' });",
        "const token: runtimeCjs.ProductToken = runtimeCjs.findProductToken(cache.productToken);",
        'void token;',
        "import robomataCrawlee = require('@robomata/crawlee');",
        "import crawleeBasic = require('@crawlee/basic');",
        "const delay: number = new (robomataCrawlee.withRobomata(crawleeBasic.BasicCrawler, { userAgent: 'FooBot/1.0' }))().robomata.crawlDelayOf('https://a.example/');",
        'void delay;',
        'export = line;',
      ].join('\n'),
    );
    const tsconfig = { compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'ES2022', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] }, files: ['consumer.mts', 'consumer.cts'] };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
    const latest = attempt(process.execPath, [join(project, 'node_modules', 'ts-workspace', 'bin', 'tsc'), '-p', '.'], project);
    expect(latest.output).toBe('');
    const oldest = attempt(process.execPath, [join(project, 'node_modules', 'ts-oldest', 'bin', 'tsc'), '-p', '.'], project);
    const errors = oldest.output.split('\n').filter((l) => /error TS\d+/.test(l) && !(l.startsWith(THIRD_PARTY_TS50_ERRORS.file) && l.includes(THIRD_PARTY_TS50_ERRORS.code)));
    const unknown = errors.filter((l) => !(l.includes(KNOWN_TS50_ERRORS.code) && KNOWN_TS50_ERRORS.files.some((f) => l.includes(`@robomata/runtime/dist/`) && l.includes(f))));
    expect(unknown).toEqual([]);
    expect(errors).toHaveLength(KNOWN_TS50_ERRORS.count);
  }, HEAVY_TIMEOUT_MS);

  it('runs the robomata bin with npx', () => {
    expect(run('npx', ['--no-install', 'robomata', '--version'], project).trim()).toBe('0.1.0');
    const r = attempt('npx', ['--no-install', 'robomata', 'check', '--robots', 'robots.txt', '--agent', 'FooBot', '/private/x', '/public'], project);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('disallowed\tFooBot\t/private/x\t2\tdisallow\t/private\nallowed\tFooBot\t/public\t0\tnone\n');
  });

  it('passes publint and @arethetypeswrong/cli', () => {
    for (const p of packages) {
      const lint = attempt(join(BIN, 'publint'), ['run', p.tarball, '--strict'], project);
      expect(lint.status, `${p.name}: publint\n${lint.output}`).toBe(0);
      const ignore = p.name in ESM_ONLY ? ['--ignore-rules', 'cjs-resolves-to-esm'] : [];
      const types = attempt(join(BIN, 'attw'), [p.tarball, '--format', 'ascii', ...ignore], project);
      expect(types.status, `${p.name}: attw\n${types.output}`).toBe(0);
    }
  }, HEAVY_TIMEOUT_MS);
});
