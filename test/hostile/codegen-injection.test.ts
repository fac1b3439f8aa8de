/**
 * No code is generated from robots.txt text (CONTRACT.md house style; SECURITY.md "No code from
 * robots.txt text"): when the compiler emits an ES module (`emitModule`), the module carries the
 * artifact as numbers only, so a robots.txt crafted to break out of a string or comment cannot
 * inject code. Runs only when the compiler exports `emitModule`.
 */
import { describe, expect, it } from 'vitest';
import * as compiler from '@robomata/compiler';

/** Payloads that would escape a string, template, comment or regex if spliced into source. */
const PAYLOADS: readonly string[] = [
  "/'\"`;}); globalThis.pwned = 1; //",
  '/*/ globalThis.pwned = 2; /*',
  '/${globalThis.pwned = 3}',
  '/\u2028globalThis.pwned=4\u2029',
  '/</script><script>pwned=5</script>',
  '/\\u0027);pwned=6;//',
  '/INJECTED_MARKER_7',
];

const ROBOTS_TXT = [
  `User-agent: ${'evil'}`,
  ...PAYLOADS.map((p) => `Disallow: ${p}`),
  `Sitemap: https://example.com/${PAYLOADS[0] ?? ''}`,
  `Host: ${PAYLOADS[1] ?? ''}`,
  'User-agent: *',
  ...PAYLOADS.map((p) => `Allow: ${p}`),
].join('\n');

const emitModule = (compiler as Record<string, unknown>)['emitModule'] as ((artifact: Uint8Array) => string) | undefined;

describe('generated code carries numbers only', () => {
  it.runIf(typeof emitModule === 'function')('emitModule output contains none of the robots.txt text', () => {
    const source = (emitModule as (artifact: Uint8Array) => string)(compiler.compile(ROBOTS_TXT));
    expect(typeof source).toBe('string');
    for (const p of [...PAYLOADS, 'INJECTED_MARKER_7', 'pwned', 'evil']) expect(source).not.toContain(p.slice(1));
    expect(source).not.toMatch(/[\u2028\u2029]/);
  });

  it('the compiled artifact stores the text as data (the bytes are there, inert)', () => {
    const artifact = compiler.compile(ROBOTS_TXT);
    const text = Buffer.from(artifact).toString('latin1');
    expect(text).toContain('INJECTED_MARKER_7');
    expect((globalThis as Record<string, unknown>)['pwned']).toBeUndefined();
    const robots = compiler.compileRobots(ROBOTS_TXT);
    expect(robots.isAllowed('/INJECTED_MARKER_7', 'evil')).toBe(false);
    expect((globalThis as Record<string, unknown>)['pwned']).toBeUndefined();
  });
});
