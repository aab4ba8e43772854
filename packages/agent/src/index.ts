/** The reference engine as a library (bench scripts import the simulator from here). */
export { createSimulator, simulatedEngine, simulatedResult, formatReport } from './simulator.ts';
export type { SimSummary, SimReport, SimulatorOptions, Simulator } from './simulator.ts';
export { enrol, runEngine, engineState, jittered, backoffMs, EXIT_UPGRADED } from './engine.ts';
export { PushStream } from './push.ts';
export type { PushStreamOptions, PushChange } from './push.ts';
export { Outbox } from './outbox.ts';
export type { Enrolment, RunOptions, RunOutcome, EnrolOptions } from './engine.ts';
export { ops, Dispatcher, COMMAND_TYPES } from './ops.ts';
export { Code, codeMessage } from './codes.ts';
export { StateDir, DEFAULT_STATE_DIR } from './state-dir.ts';
export { gatherIdentity, machineFingerprint } from './identity.ts';
export { Histogram } from './histogram.ts';
