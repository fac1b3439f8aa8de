/**
 * Strategy 5, generated code: `emitModule(artifact)` of @robomata/compiler turns an artifact into
 * a standalone ES module (numbers only), which is imported and called per check.
 */
import type { Strategy } from './strategies.js';

/** Returns the generated-code strategy, or undefined with a note saying why it is not run. */
export async function loadGeneratedStrategy(): Promise<{ strategy: Strategy | undefined; note: string }> {
  const compiler = (await import('@robomata/compiler')) as Record<string, unknown>;
  if (typeof compiler.emitModule !== 'function') return { strategy: undefined, note: 'Generated code (strategy 5) was not run: `emitModule` is not exported by @robomata/compiler in this build. It was not written yet: the artifact format changed under it during this work (v1 DFA parts became hybrid DFA + NFA-frontier parts), and a module generated from the tables would run the same dependent table walk as the runtime, which DESIGN-NOTES measures at the same cost in C and JS; early exit, not a faster walk, is where the time is.' };
  return { strategy: undefined, note: 'Generated code: integration pending.' };
}
