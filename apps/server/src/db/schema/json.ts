import { customType } from 'drizzle-orm/pg-core';

/**
 * A jsonb column read as the driver hands it over. Both drivers (node-postgres and PGlite) already parse jsonb;
 * drizzle's own `jsonb` then runs JSON.parse a second time on every value that arrived as a string, i.e. every
 * JSON string: a FILL answer stored as "120" came back as the number 120, and an answer like "A" cost a thrown
 * and caught SyntaxError per row (the largest single cost of an exam-day hand-in, docs/exam-day.md).
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});
