import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, templateKey } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Build the migrated, seeded PGlite template once per run; every test database starts as a copy of it. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = join(tmpdir(), 'kaoshi-server-test');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `template-${templateKey()}.tar`);
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await (await buildPgliteTemplate()).arrayBuffer()));
  renameSync(tmp, file);
  project.provide('pgliteTemplate', file);
}
