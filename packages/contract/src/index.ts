export * from './reply.ts';
export * from './reply-schema.ts';
export * from './call.ts';
export * from './fields.ts';
export * from './constants.ts';
export * from './storage-keys.ts';
export * from './messages.ts';
export * from './rules/index.ts';
export * from './calls/user.ts';
export * from './calls/agent.ts';
export * from './calls/tracking.ts';
export * from './calls/catalog.ts';
export * from './calls/subject.ts';
export * from './calls/practice.ts';
export * from './calls/study.ts';
export * from './questions/types.ts';
export * from './questions/markup.ts';
export * from './questions/scoring.ts';
export * from './questions/import-schema.ts';
import { userCalls } from './calls/user.ts';
import { agentCalls } from './calls/agent.ts';
import { trackingCalls } from './calls/tracking.ts';
import { catalogCalls } from './calls/catalog.ts';
import { subjectCalls } from './calls/subject.ts';
import { practiceCalls } from './calls/practice.ts';
import { studyCalls } from './calls/study.ts';

/** Every call served by this version of the server, by id. */
export const allCalls = [...Object.values(userCalls), ...Object.values(agentCalls), ...Object.values(trackingCalls), ...Object.values(catalogCalls), ...Object.values(subjectCalls), ...Object.values(practiceCalls), ...Object.values(studyCalls)];
