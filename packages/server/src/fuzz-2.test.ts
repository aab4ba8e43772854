import { fuzzSuite } from './test/fuzz-suite.ts';

// The fuzz suite's shard 2 of 2 (test/fuzz-suite.ts): the two run in parallel.
fuzzSuite(2, 2);
