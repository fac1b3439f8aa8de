// The reference's AI preferences (docs/semantics.md section 10): value split, statement tokens,
// longest-match combining, grouping per profile and the attach draft's example.
import { describe, expect, it } from 'vitest';
import { createReferenceMatcher } from '../src/index.js';
import { splitValue, tokenOf } from '../src/usage.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('reference: AI preferences', () => {
  it('splitValue: a leading / carries a path up to the first SP/HTAB', () => {
    expect(splitValue(enc('/a/ \t train-ai=n'))).toEqual({ path: enc('/a/'), statement: 'train-ai=n' });
    expect(splitValue(enc('train-ai=n'))).toEqual({ path: enc(''), statement: 'train-ai=n' });
    expect(splitValue(enc('*.pdf train-ai=n'))).toEqual({ path: enc(''), statement: '*.pdf train-ai=n' });
  });

  it('tokenOf: the Token value of a key, undefined for other values and parse failures', () => {
    expect(tokenOf('train-ai=y, search=n', 'search')).toBe('n');
    expect(tokenOf('train-ai="n"', 'train-ai')).toBeUndefined();
    expect(tokenOf('Train-ai=n', 'train-ai')).toBeUndefined();
    expect(tokenOf('train-ai=n, train-ai=y', 'train-ai')).toBe('y');
  });

  it("the attach draft's example", () => {
    const m = createReferenceMatcher('User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n\nUser-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n');
    expect(['/test', '/never/test', '/ai-ok/test'].map((u) => m.usage('x', u, 'train-ai'))).toEqual(['n', undefined, 'y']);
    expect(m.usage('ExampleBot', '/never/test', 'train-ai')).toBe('y');
    expect(m.usage('x', '/test', 'ai')).toBeUndefined();
  });

  it('combines the longest matching lines: any n, else any y', () => {
    const m = createReferenceMatcher('User-agent: *\nContent-Signal: /a ai-train=yes\nContent-Signal: /a ai-train=no\nContent-Signal: ai-input=yes\n');
    expect(m.signal('x', '/ab', 'ai-train')).toBe('no');
    expect(m.signal('x', '/ab', 'ai-input')).toBeUndefined();
    expect(m.signal('x', '/b', 'ai-input')).toBe('yes');
  });

  it('rfc9309 ends a user-agent run at Content-Usage; google does not', () => {
    const txt = 'User-agent: a\nContent-Usage: train-ai=n\nUser-agent: b\nDisallow: /\n';
    expect(createReferenceMatcher(txt).isAllowed('a', '/x')).toBe(true);
    expect(createReferenceMatcher(txt, { profile: 'google' }).isAllowed('a', '/x')).toBe(false);
  });
});
