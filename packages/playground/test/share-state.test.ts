import { describe, expect, test } from 'vitest';
import { decodeState, encodeState, splitAgents, splitUrls, type PlaygroundState } from '../src/share-state.js';

const STATE: PlaygroundState = {
  robotsTxt: 'User-agent: *\nDisallow: /ünï\u{1F600}\n'.repeat(50),
  agents: 'Googlebot\nFooBot/1.2',
  urls: '/a\n/b?c=d#e',
  profile: 'google',
  graphAgent: 1,
};

describe('share-state', () => {
  test('a state survives encoding into a URL fragment and back, compressed', async () => {
    const hash = await encodeState(STATE);
    expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    expect(hash.length).toBeLessThan(STATE.robotsTxt.length / 4);
    expect(await decodeState(hash)).toEqual(STATE);
  });

  test('the uncompressed form (#j=) is read too', async () => {
    const json = Buffer.from(JSON.stringify({ v: 1, ...STATE })).toString('base64url');
    expect(await decodeState(`#j=${json}`)).toEqual(STATE);
  });

  test('a fragment without state gives undefined; a damaged or foreign one a readable error', async () => {
    expect(await decodeState('')).toBeUndefined();
    expect(await decodeState('#section-2')).toBeUndefined();
    const hash = await encodeState(STATE);
    await expect(decodeState(hash.slice(0, hash.length >> 1))).rejects.toThrow(/damaged/);
    await expect(decodeState(`#j=${Buffer.from('{"v":99}').toString('base64url')}`)).rejects.toThrow(/another version/);
    await expect(decodeState(`#j=${Buffer.from('{"v":1,"robotsTxt":3}').toString('base64url')}`)).rejects.toThrow(/does not hold/);
  });

  test('agents split on lines and commas; URLs on lines, without blanks and comments', () => {
    expect(splitAgents(' Googlebot, FooBot \n\nBarBot\n')).toEqual(['Googlebot', 'FooBot', 'BarBot']);
    // A full header keeps its commas: "(KHTML, like Gecko)" is not two agents.
    const header = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
    expect(splitAgents(`${header}\nFooBot, BarBot`)).toEqual([header, 'FooBot', 'BarBot']);
    expect(splitUrls('# comment\n /a \n\n/b\n')).toEqual(['/a', '/b']);
  });
});
