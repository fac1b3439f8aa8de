// One quarter of the corpus per file, so vitest runs the shards on separate cores.
import { defineCorpusShardTest } from '../corpus-check.js';

defineCorpusShardTest(0);
