import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/**
 * Keeps zod out of the web bundle. The contract's call definitions carry zod schemas (request, data)
 * built at module load, so importing one call pulls in all of zod (≈28 KiB gzip). The browser needs
 * only their metadata: the server validates, and the web client does not re-validate replies.
 *
 * When web code imports '@kaoshi/contract', this plugin serves modules generated from the real
 * contract, loaded in Node at build (or dev-server) time:
 * - `export * from` every module of the contract's index that loads no zod (constants, messages,
 *   storage keys, reply, call helpers, rules);
 * - every call definition as a plain object: its metadata without `request`, `data` and `gate`, plus `fields`
 *   (the request's top-level keys, from the contract's own `requestFields`); and the collections of
 *   calls (`userCalls`, `allCalls`, ...) as objects/arrays of those same objects;
 * - plain data (e.g. `smsOps`) as JSON.
 * Each call, collection and datum is a module of its own, and all of them and the contract's modules are
 * side-effect free, so each lands in the chunk that uses it (the entry gets only the calls it makes).
 * Zod schemas and the builders of the schema-builder modules (SCHEMA_ONLY_MODULES) are left out (their
 * plain constants, e.g. ID_MAX, are kept as data); a web module importing one fails the build. Anything else exported from a module that loads zod stops the build, so the
 * generated modules and the contract cannot drift apart silently. TypeScript still resolves
 * '@kaoshi/contract' to the real contract, so the web keeps its full types.
 *
 * In a build, the plugin also fails if any zod module reaches the bundle by another path.
 */

const PUBLIC_ID = '@kaoshi/contract';
/** How the generated modules refer to each other: `${PREFIX}call/user.userlogin.js`; `${PREFIX}` is the index. */
export const PREFIX = 'kaoshi-contract-meta:';
const VIRTUAL = `\0${PREFIX}`;

/** Contract modules made only of zod schema builders: nothing in them is for the browser. */
export const SCHEMA_ONLY_MODULES = ['fields.ts', 'reply-schema.ts'];

const ZOD_PATH = /[\\/]node_modules[\\/]zod[\\/]/;

export interface GeneratedContract {
  /** ES modules by name: '' (served for '@kaoshi/contract'), 'call/<id>.js', 'group/<name>.js', 'data/<name>.js'. */
  modules: Map<string, string>;
  /** Contract source files read to produce them (watched in dev and watch builds). */
  files: string[];
  /** Modules re-exported as they are (they load no zod). */
  zodFreeModules: string[];
  /** Exports left out: zod schemas and schema builders. Importing one from web code is an error. */
  stripped: string[];
}

type Namespace = Record<string, unknown>;

async function load(file: string): Promise<{ ns: Namespace; imported: string[] }> {
  const imported: string[] = [];
  const ns = (await tsImport(pathToFileURL(file).href, {
    parentURL: import.meta.url,
    onImport: (url) => imported.push(url.startsWith('file:') ? fileURLToPath(url) : url),
  })) as Namespace;
  return { ns, imported };
}

const isZodSchema = (v: unknown): boolean => typeof v === 'object' && v !== null && '_zod' in v;

const isCallDef = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { id?: unknown }).id === 'string' &&
  typeof (v as { path?: unknown }).path === 'string' &&
  isZodSchema((v as { request?: unknown }).request) &&
  isZodSchema((v as { data?: unknown }).data);

function isJsonData(v: unknown): boolean {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return typeof v !== 'number' || Number.isFinite(v);
  if (Array.isArray(v)) return v.every(isJsonData);
  if (typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && Object.values(v as object).every(isJsonData);
}

const describe = (v: unknown): string => (typeof v === 'function' ? 'a function' : Array.isArray(v) ? 'an array' : v === null ? 'null' : `a value of type ${typeof v}`);

/** The `export * from './x.ts'` modules of the contract's index, as absolute paths. */
function starModules(entry: string, source: string): string[] {
  return [...source.matchAll(/^\s*export\s*\*\s*from\s*['"]([^'"]+)['"]/gm)].map((m) => resolve(dirname(entry), m[1]));
}

/**
 * Generates the browser's '@kaoshi/contract' from the real contract at `entry` (its index.ts).
 * Throws when the contract exports something it does not know how to strip.
 */
export async function generateContractModule(entry: string): Promise<GeneratedContract> {
  const source = readFileSync(entry, 'utf8');
  const files = new Set<string>([entry]);
  const real = await load(entry);
  const requestFields = real.ns.requestFields as ((def: unknown) => readonly string[]) | undefined;
  if (typeof requestFields !== 'function') throw new Error(`${PUBLIC_ID} no longer exports requestFields (call.ts); contract-meta-plugin needs it`);
  for (const f of real.imported) if (!ZOD_PATH.test(f) && f.startsWith('/') && !f.includes('/node_modules/')) files.add(f);

  const modules = new Map<string, string>();
  const ref = (name: string) => JSON.stringify(`${PREFIX}${name}`);
  const index: string[] = [
    `// Generated by apps/web/build/contract-meta-plugin.ts from ${entry}.`,
    '// Call definitions without their zod schemas; zod-free modules re-exported as they are.',
  ];
  const zodFreeModules: string[] = [];
  const covered = new Set<string>();
  const toClassify = new Map<string, string>(); // export name → module it comes from
  for (const mod of starModules(entry, source)) {
    const { ns, imported } = await load(mod);
    const base = mod.slice(dirname(entry).length + 1);
    if (SCHEMA_ONLY_MODULES.includes(base)) {
      for (const name of Object.keys(ns)) toClassify.set(name, base);
      continue;
    }
    if (!imported.some((f) => ZOD_PATH.test(f))) {
      zodFreeModules.push(mod);
      index.push(`export * from ${JSON.stringify(mod)};`);
      for (const name of Object.keys(ns)) covered.add(name);
    } else {
      for (const name of Object.keys(ns)) if (!toClassify.has(name)) toClassify.set(name, base);
    }
  }
  for (const name of Object.keys(real.ns)) if (!covered.has(name) && !toClassify.has(name)) toClassify.set(name, 'index.ts');

  // One module per call definition (by identity), so that `userCalls.userlogin === userlogin` still holds.
  const callModules = new Map<object, string>();
  const callModule = (def: Record<string, unknown>, where: string): string => {
    let name = callModules.get(def);
    if (name) return name;
    const meta: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(def)) {
      // The gate is the server's (the registrar enforces it); the browser never needs it.
      if (k === 'request' || k === 'data' || k === 'gate' || v === undefined) continue;
      if (!isJsonData(v))
        throw new Error(
          `${PUBLIC_ID}: call ${String(def.id)} (${where}) has a property '${k}' that is ${describe(v)}; contract-meta-plugin copies only plain data besides request/data`,
        );
      meta[k] = v;
    }
    meta.fields = [...requestFields(def)];
    name = `call/${String(def.id)}.js`;
    if (modules.has(name)) throw new Error(`${PUBLIC_ID}: two calls have the id ${String(def.id)}`);
    callModules.set(def, name);
    modules.set(name, `export default ${JSON.stringify(meta)};\n`);
    return name;
  };

  const stripped: string[] = [];
  const problems: string[] = [];
  const names = [...toClassify.keys()].filter((name) => name in real.ns); // (not: an ambiguous star export)
  for (const name of names) {
    const v = real.ns[name];
    const from = toClassify.get(name) as string;
    const where = `${name} (${from})`;
    if (isCallDef(v)) {
      index.push(`export { default as ${name} } from ${ref(callModule(v, where))};`);
    } else if (isZodSchema(v) || (SCHEMA_ONLY_MODULES.includes(from) && typeof v === 'function')) {
      stripped.push(name);
    } else if (typeof v === 'object' && v !== null && Object.keys(v).length > 0 && Object.values(v).every(isCallDef)) {
      // A collection of calls: an array (allCalls) or an object (userCalls).
      const entries = Object.entries(v as Record<string, Record<string, unknown>>).map(([k, d], i) => ({ k, i, m: callModule(d, where) }));
      const imports = entries.map(({ i, m }) => `import c${i} from ${ref(m)};`).join('\n');
      const body = Array.isArray(v) ? `[${entries.map(({ i }) => `c${i}`).join(', ')}]` : `{ ${entries.map(({ k, i }) => `${JSON.stringify(k)}: c${i}`).join(', ')} }`;
      modules.set(`group/${name}.js`, `${imports}\nexport default ${body};\n`);
      index.push(`export { default as ${name} } from ${ref(`group/${name}.js`)};`);
    } else if (isJsonData(v)) {
      modules.set(`data/${name}.js`, `export default ${JSON.stringify(v)};\n`);
      index.push(`export { default as ${name} } from ${ref(`data/${name}.js`)};`);
    } else {
      problems.push(`  ${where} is ${describe(v)}`);
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `${PUBLIC_ID} exports, from modules that load zod, values contract-meta-plugin does not know how to strip:\n${problems.join('\n')}\n` +
        'Move them to a zod-free module of the contract (then they are re-exported as they are), or teach apps/web/build/contract-meta-plugin.ts about them.',
    );
  }
  if (callModules.size === 0) throw new Error(`${PUBLIC_ID}: no call definitions found; contract-meta-plugin is out of date`);
  modules.set('', `${index.join('\n')}\n`);
  return { modules, files: [...files], zodFreeModules, stripped };
}

/** Non-type named imports of `from` in a module's source (`import { a, type B, c as d } from '...'`). */
export function importedNames(code: string, from: string): string[] {
  const names: string[] = [];
  const esc = from.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const re = new RegExp(`(?:^|[;\\n])\\s*(?:import|export)\\s+(?!type\\s)\\{([^}]*)\\}\\s*from\\s*['"]${esc}['"]`, 'g');
  for (const m of code.matchAll(re)) {
    for (const part of m[1].split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

export function contractMetaPlugin(): Plugin {
  let entry: string | null = null;
  let generated: Promise<GeneratedContract> | null = null;
  const generate = (file: string) => (generated ??= generateContractModule(file));
  const contractDir = () => (entry ? dirname(entry) : null);

  return {
    name: 'kaoshi-contract-meta',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith(PREFIX)) return `${VIRTUAL}${source.slice(PREFIX.length)}`;
      const fromContract = importer !== undefined && (importer.startsWith(VIRTUAL) || (contractDir() !== null && importer.startsWith(contractDir() as string)));
      if (source !== PUBLIC_ID && !fromContract) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return null;
      if (source === PUBLIC_ID) {
        entry = resolved.id;
        return VIRTUAL;
      }
      // The contract's zod-free modules only define constants and functions: side-effect free, so each
      // is bundled only where something from it is used.
      return contractDir() && resolved.id.startsWith(contractDir() as string) ? { ...resolved, moduleSideEffects: false } : resolved;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL) || !entry) return null;
      const result = await generate(entry);
      for (const f of result.files) this.addWatchFile(f);
      const code = result.modules.get(id.slice(VIRTUAL.length));
      if (code === undefined) this.error(`no generated contract module ${id.slice(1)}`);
      return { code, moduleSideEffects: false };
    },
    async transform(code, id) {
      // A clear message instead of a bare missing export, for a zod schema imported by web code.
      if (id.startsWith('\0') || id.includes('/node_modules/') || !code.includes(PUBLIC_ID)) return null;
      const names = importedNames(code, PUBLIC_ID);
      if (names.length === 0) return null;
      const target = entry ?? (await this.resolve(PUBLIC_ID, id, { skipSelf: true }))?.id;
      if (!target) return null;
      entry = target;
      const { stripped } = await generate(target);
      const bad = names.filter((n) => stripped.includes(n));
      if (bad.length > 0) {
        this.error(
          `${id} imports ${bad.join(', ')} from ${PUBLIC_ID}: zod schema(s) or schema builders, which the web bundle does ` +
            'not carry (apps/web/build/contract-meta-plugin.ts). Use `import type`, or check the value without zod.',
        );
      }
      return null;
    },
    watchChange(id) {
      if (generated && entry && id.startsWith(dirname(entry))) generated = null;
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!entry || !file.startsWith(dirname(entry))) return;
        generated = null;
        for (const env of Object.values(server.environments)) {
          for (const mod of env.moduleGraph.idToModuleMap.values()) if (mod.id?.startsWith(VIRTUAL)) env.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const zod = chunk.moduleIds.find((m) => ZOD_PATH.test(m));
        if (!zod) continue;
        const chain: string[] = [zod];
        let cur = zod;
        for (let i = 0; i < 12; i++) {
          const importer = this.getModuleInfo(cur)?.importers[0];
          if (!importer) break;
          chain.push(importer);
          cur = importer;
        }
        this.error(`zod reached the web bundle (chunk ${chunk.fileName}): ${chain.join(' ← ')}`);
      }
    },
  };
}

/** The contract entry, for tests: packages/contract/src/index.ts next to this app. */
export const contractEntry = (): string => join(dirname(fileURLToPath(import.meta.url)), '../../../packages/contract/src/index.ts');
