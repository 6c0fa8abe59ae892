// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as contract from '@kaoshi/contract';
import { tsImport } from 'tsx/esm/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFIX, contractEntry, generateContractModule, importedNames, type GeneratedContract } from './contract-meta-plugin.ts';

// Tests resolve '@kaoshi/contract' to the real contract (the plugin is not used by vitest), so the
// generated module is compared with the real definitions here.

type Def = Record<string, unknown>;
const real = contract as unknown as Record<string, unknown>;
const isZodSchema = (v: unknown) => typeof v === 'object' && v !== null && '_zod' in v;
const isCall = (v: unknown): v is Def => typeof v === 'object' && v !== null && isZodSchema((v as Def).request);
const isCallGroup = (v: unknown): boolean => typeof v === 'object' && v !== null && Object.values(v).length > 0 && Object.values(v).every(isCall);
/** A real definition as the browser should get it: without its schemas and gate, with its request's keys. */
const metaOf = (def: contract.CallDef): Def => {
  const { request: _request, data: _data, gate: _gate, ...rest } = def;
  return { ...rest, fields: contract.requestFields(def) };
};

const webNodeModules = fileURLToPath(new URL('../node_modules', import.meta.url));
let tmp: string;
let generated: GeneratedContract;
let gen: Record<string, unknown>;
let loaded: string[];

/**
 * Loads generated modules in Node (tsx, for their imports of the contract's .ts modules): each module
 * written to a file, references between them pointed at those files. Returns the index's exports and
 * every file it loaded.
 */
async function loadGenerated(out: GeneratedContract, dir: string) {
  const root = join(tmp, dir);
  const fileOf = (name: string) => join(root, `${name === '' ? 'index' : name.replace(/[^\w.-]/g, '_')}.mjs`);
  mkdirSync(root, { recursive: true });
  for (const [name, code] of out.modules) {
    const linked = code.replace(/"kaoshi-contract-meta:([^"]*)"/g, (_m, ref: string) => JSON.stringify(pathToFileURL(fileOf(ref)).href));
    expect(linked).not.toContain(PREFIX);
    writeFileSync(fileOf(name), linked);
  }
  const imported: string[] = [];
  const ns = (await tsImport(pathToFileURL(fileOf('')).href, { parentURL: import.meta.url, onImport: (url) => imported.push(url) })) as Record<string, unknown>;
  return { ns, imported };
}

beforeAll(async () => {
  mkdirSync(webNodeModules, { recursive: true });
  // Inside the workspace so that fake contracts below resolve 'zod'.
  tmp = mkdtempSync(join(webNodeModules, '.contract-meta-test-'));
  // Under node_modules a .ts file is CommonJS unless its package says otherwise.
  writeFileSync(join(tmp, 'package.json'), '{ "type": "module" }\n');
  generated = await generateContractModule(contractEntry());
  ({ ns: gen, imported: loaded } = await loadGenerated(generated, 'real'));
}, 60_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('contract-meta-plugin: the generated @kaoshi/contract', () => {
  it('has every call of allCalls, equal to the real definition minus its schemas', () => {
    const calls = gen.allCalls as Def[];
    expect(calls).toHaveLength(contract.allCalls.length);
    contract.allCalls.forEach((def, i) => {
      expect(calls[i], def.id).toEqual(metaOf(def));
      expect(calls[i]).not.toHaveProperty('request');
      expect(calls[i]).not.toHaveProperty('data');
      expect(calls[i].fields, def.id).toEqual(Object.keys((def.request as unknown as { shape: object }).shape));
    });
  });

  it('exports each call by name and in its group, as one object (identity kept)', () => {
    const byId = new Map((gen.allCalls as Def[]).map((d) => [d.id, d]));
    for (const [name, value] of Object.entries(real)) {
      if (isCall(value)) {
        expect(gen[name], name).toBe(byId.get(value.id));
      } else if (isCallGroup(value) && !Array.isArray(value)) {
        const group = gen[name] as Record<string, Def>;
        expect(Object.keys(group), name).toEqual(Object.keys(value as object));
        for (const [key, def] of Object.entries(value as Record<string, Def>)) expect(group[key], `${name}.${key}`).toBe(byId.get(def.id));
      }
    }
  });

  it('keeps every other export, except zod schemas and schema builders', () => {
    for (const [name, value] of Object.entries(real)) {
      if (generated.stripped.includes(name)) {
        expect(gen, name).not.toHaveProperty(name);
        expect(isZodSchema(value) || typeof value === 'function', name).toBe(true);
        continue;
      }
      expect(gen, name).toHaveProperty(name);
      if (typeof value === 'function') expect(typeof gen[name], name).toBe('function');
      else if (!isCall(value) && !isCallGroup(value)) expect(gen[name], name).toEqual(value);
    }
    expect(generated.stripped).toEqual(expect.arrayContaining(['weiXinContact', 'agentInfo', 'loginData', 'replySchema', 'text']));
    expect(Object.keys(gen).sort()).toEqual(
      Object.keys(real)
        .filter((n) => !generated.stripped.includes(n))
        .sort(),
    );
  });

  it('loads no zod', () => {
    expect(loaded.length).toBeGreaterThan(5);
    expect(loaded.filter((url) => /[\\/]node_modules[\\/]zod[\\/]/.test(url))).toEqual([]);
  });

  it('gives the web client what it needs: fields, so the stored guid is added', () => {
    const byId = new Map((gen.allCalls as Def[]).map((d) => [d.id, d]));
    const requestFields = gen.requestFields as typeof contract.requestFields;
    expect(requestFields(byId.get(contract.getUserInfo.id) as unknown as contract.CallDef)).toContain('guid');
    expect(requestFields(byId.get(contract.userlogin.id) as unknown as contract.CallDef)).not.toContain('guid');
  });
});

describe('contract-meta-plugin: drift', () => {
  const fakeContract = (dir: string, calls: string) => {
    const root = join(tmp, dir);
    mkdirSync(root, { recursive: true });
    const callTs = fileURLToPath(new URL('../../../packages/contract/src/call.ts', import.meta.url));
    writeFileSync(join(root, 'index.ts'), `export * from ${JSON.stringify(callTs)};\nexport * from './calls.ts';\n`);
    writeFileSync(
      join(root, 'calls.ts'),
      `import { z } from 'zod';\nexport const ping = { id: 'x.ping', method: 'GET', path: '/ping', group: 'general', needsSession: false, summary: 'Ping.', request: z.object({ guid: z.string() }), data: z.null() };\n${calls}`,
    );
    return join(root, 'index.ts');
  };

  it('fails loudly on an export of a zod module it does not know how to strip', async () => {
    const entry = fakeContract('unknown-export', 'export const helper = (s: string) => s.trim();\nexport class Thing {}\n');
    const failure = generateContractModule(entry);
    await expect(failure).rejects.toThrow(/does not know how to strip/);
    await expect(failure).rejects.toThrow(/helper \(calls\.ts\) is a function/);
    await expect(failure).rejects.toThrow(/Thing \(calls\.ts\) is a function/);
  });

  it('fails loudly on a call property that is not plain data', async () => {
    const entry = fakeContract('bad-property', 'Object.assign(ping, { encode: (v: unknown) => String(v) });\n');
    await expect(generateContractModule(entry)).rejects.toThrow(/call x\.ping .* property 'encode' that is a function/);
  });

  it('strips the schemas and keeps the plain data of a known contract shape', async () => {
    const entry = fakeContract('known', "export const pingSchema = z.string();\nexport const kinds = ['a', 'b'];\nexport const pingCalls = { ping };\n");
    const out = await generateContractModule(entry);
    expect(out.stripped).toEqual(['pingSchema']);
    const { ns } = await loadGenerated(out, 'known-out');
    expect(ns.ping).toEqual({ id: 'x.ping', method: 'GET', path: '/ping', group: 'general', needsSession: false, summary: 'Ping.', fields: ['guid'] });
    expect((ns.pingCalls as Def).ping).toBe(ns.ping);
    expect(ns.kinds).toEqual(['a', 'b']);
  });
});

describe('importedNames', () => {
  it('lists value imports from a module, not type imports', () => {
    const code = [
      "import { a, type B, c as d } from '@kaoshi/contract';",
      "import type { E } from '@kaoshi/contract';",
      "import {\n  f,\n  g,\n} from '@kaoshi/contract';",
      "export { h } from '@kaoshi/contract';",
      "import { x } from './other';",
    ].join('\n');
    expect(importedNames(code, '@kaoshi/contract')).toEqual(['a', 'c', 'f', 'g', 'h']);
  });
});
