export * from './agents.ts';
export * from './accounts.ts';
export * from './platform.ts';
export * from './tracking.ts';
export * from './catalog.ts';
export * from './subject.ts';
export * from './questions.ts';
export * from './practice.ts';
