/**
 * Rule text rebuilt from the tables: an artifact stores a rule's pattern as written only when it
 * differs from its best-ranked pattern's body (plus `$`); the others are spelled again from the
 * radix node or wildcard pattern holding that rank (format.ts, RULES). Tooling path, not used
 * by checks: the index is built on the first call. O(nodes + wildcards) once, then O(pattern).
 */
import { NO_RANK } from './format.js';
import {
  nodeChildCount, nodeEndRank, NODE_FIRST_CHILD, nodeLabelLength, NODE_LABEL_OFF,
  nodePrefixRank, NODE_WORDS, wildAnchored, WILD_HEAD_NODE, WILD_RANK, WILD_SEG_COUNT, WILD_SEG_OFF, WILD_WORDS,
  fileRankOf, ruleOfEntry, segmentText, type Tables,
} from './tables.js';

/** Where each rank's pattern lives, and each rule's best rank. */
export class PatternIndex {
  /** Per file rank (fileRankOf of an image rank word): `node << 2` (prefix), `node << 2 | 1` (`$`), `wildcard << 2 | 2`, or -1. */
  readonly place: Int32Array;
  /** Per radix node: its parent, or -1 for a root. */
  readonly parent: Int32Array;
  /** Per rule id: its lowest file rank, or -1. */
  readonly best: Int32Array;

  /** `t` is the whole file's image, `ranks` the file's rank table (`LoadedArtifact#ranks`). */
  constructor(t: Tables, ranks: Int32Array, ruleCount: number) {
    const img = t.img;
    this.place = new Int32Array(ranks.length).fill(-1);
    this.parent = new Int32Array(t.nodeCount).fill(-1);
    this.best = new Int32Array(ruleCount).fill(-1);
    for (let x = 0; x < t.nodeCount; x++) {
      const rec = t.nodeBase + x * NODE_WORDS;
      const first = img[rec + NODE_FIRST_CHILD] as number;
      for (let c = first; c < first + nodeChildCount(img, rec); c++) this.parent[c] = x;
      const pr = nodePrefixRank(img, rec);
      if (pr !== NO_RANK) this.place[fileRankOf(pr)] = x << 2;
      const er = nodeEndRank(img, rec);
      if (er !== NO_RANK) this.place[fileRankOf(er)] = (x << 2) | 1;
    }
    for (let w = 0; w < t.wildCount; w++) this.place[fileRankOf(img[t.wildBase + w * WILD_WORDS + WILD_RANK] as number)] = (w << 2) | 2;
    for (let r = ranks.length - 1; r >= 0; r--) this.best[ruleOfEntry(ranks[r] as number)] = r;
  }
}

/** Returns the bytes from the root to radix node `x`, as Latin-1 characters. */
function _nodePath(t: Tables, index: PatternIndex, x: number): string {
  const parts: string[] = [];
  for (let y = x; y >= 0; y = index.parent[y] as number) {
    const rec = t.nodeBase + y * NODE_WORDS;
    const off = t.img[rec + NODE_LABEL_OFF] as number;
    parts.push(String.fromCharCode(...t.bytes.subarray(off, off + nodeLabelLength(t.img, t.bytes, rec))));
  }
  return parts.reverse().join('');
}

/**
 * Returns the text of rule `id` rebuilt from its best-ranked pattern (head, then `*` and each
 * segment, then `$` when anchored), or undefined when the tables hold no pattern for it. The
 * bytes are ASCII (patterns are escaped), so the string is exactly what was written.
 */
export function rebuildPattern(t: Tables, index: PatternIndex, id: number): string | undefined {
  const r = index.best[id] as number;
  const place = r < 0 ? -1 : (index.place[r] as number);
  if (place < 0) return undefined;
  const img = t.img;
  if ((place & 3) !== 2) return _nodePath(t, index, place >> 2) + ((place & 3) === 1 ? '$' : '');
  const rec = t.wildBase + (place >> 2) * WILD_WORDS;
  let text = _nodePath(t, index, img[rec + WILD_HEAD_NODE] as number);
  const segs = img[rec + WILD_SEG_OFF] as number;
  for (let j = 0; j < (img[rec + WILD_SEG_COUNT] as number); j++) text += `*${segmentText(t, img[segs + j] as number)}`;
  return wildAnchored(img, rec) ? `${text}$` : text;
}
