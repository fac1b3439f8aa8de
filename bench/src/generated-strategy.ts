/**
 * Strategy 5, generated code: `emitModule(artifact)` of @robomata/compiler turns an artifact into
 * a standalone ES module (numbers only: no robots.txt text), which is loaded and called per check.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile, emitModule } from '@robomata/compiler';
import type { Matcher, Strategy } from './strategies.js';

/** The exports of an emitted module the bench uses. */
interface EmittedModule {
  agentIndex(agent: string): number;
  matcherFor(groupIndex: number): (url: string) => boolean;
}

/** Why strategy 5 is in the report, and why it is not the product path (measured; see issue 4 note). */
const _NOTE =
  'Generated code (emitModule): per group a `switch` over states with char-code range tests, ' +
  'the runtime\'s path finding and normalisation as template code, and an NFA routine for groups ' +
  'with frontier states. It wins only on small complete DFAs (about 25-40% faster at 10 rules) and ' +
  'loses wherever the lazy DFA matters (frontier groups recompute every step) and on long URLs, so ' +
  'it stays a tested experiment, not the product path.';

/**
 * Returns the generated-code strategy: each file is compiled, emitted, written to a temporary
 * `.mjs` file and loaded synchronously (`require` of an ES module, Node >= 20.19), never eval'd.
 */
export async function loadGeneratedStrategy(): Promise<{ strategy: Strategy | undefined; note: string }> {
  const dir = join(tmpdir(), `robomata-emitted-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const load = createRequire(import.meta.url);
  const strategy: Strategy = {
    id: 'generated',
    label: 'generated code',
    mustAgree: true,
    prepare(input): Matcher[] {
      const artifact = compile(input.text, { profile: input.profile, maxBytes: input.maxBytes });
      const src = emitModule(artifact);
      const file = join(dir, createHash('sha1').update(src).digest('hex') + '.mjs');
      if (!existsSync(file)) writeFileSync(file, src);
      const mod = load(file) as EmittedModule;
      return input.agents.map((agent) => ({ isAllowed: mod.matcherFor(mod.agentIndex(agent)) }));
    },
  };
  return { strategy, note: _NOTE };
}
