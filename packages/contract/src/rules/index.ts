export * from './mobile.ts';
export * from './numbers.ts';
export * from './text-width.ts';
export * from './content-filter.ts';
export * from './duration.ts';
export * from './calendar.ts';
export * from './menu-name.ts';
export * from './search-terms.ts';
