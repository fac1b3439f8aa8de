/**
 * `@robomata/compiler/internals`: the compiler's stages, for tools and tests. Not a stable API:
 * it changes with the artifact format.
 */
export { mergeGroups, type MergedGroup, type MergedGroups } from './merge-groups.js';
export {
  patternsOfRule,
  appendPatternsOfRule,
  canonicalizePattern,
  deriveIndexHtmlPattern,
  simplifyPattern,
  WILDCARD,
  type MatchPattern,
  type PatternSource,
} from './normalize-pattern.js';
export { planParts, type PartPlan } from './plan-parts.js';
export { buildByteTrie, buildFailLinks, buildRadixTable, compareBytes, type ByteTrie, type RadixTable, type TrieArrays } from './build-trie.js';
export { buildParts, type BuiltParts, type BuiltNode, type BuiltWildcard } from './build-parts.js';
export { serializeArtifact, type ArtifactInput } from './serialize.js';
export { compileGroupArtifact, compileStages, measureCompileWork, type CompileStages, type CompileWork } from './compile.js';
