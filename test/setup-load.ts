// Test setup (vitest.config.ts setupFiles): every artifact compileRobots writes for itself and
// loads through loadTrustedArtifact or loadTrustedGroup gets loadRobots' full shape checks in
// vitest's own processes (not the checksum, which those artifacts leave 0; not in the plain node
// processes some tests spawn), so each test that compiles also checks the writer against the
// validation the trusted load skips in production (runtime load.ts).
import { loadTuning } from '@robomata/runtime/testing';

loadTuning.checkTrusted = true;
