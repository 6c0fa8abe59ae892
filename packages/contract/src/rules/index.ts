export * from './mobile.ts';
