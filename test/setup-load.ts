// Test setup (vitest.config.ts setupFiles): every artifact compileRobots writes for itself and
// loads through loadTrustedArtifact gets loadRobots' full shape checks in the test suite (not
// the checksum, which those artifacts leave 0), so each test that compiles also checks the
// writer against the validation the trusted load skips in production (runtime load.ts).
import { loadTuning } from '@robomata/runtime/testing';

loadTuning.checkTrusted = true;
