import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Runs a CLI's `main` when its module is the process entry (not when a test imports it): exits with main's code,
 * or prints `<name> failed: <reason>` and exits 1.
 */
export function runIfEntry(moduleUrl: string, name: string, main: (argv: string[]) => Promise<number>): void {
  const entry = process.argv[1];
  if (entry === undefined || realpathSync(entry) !== realpathSync(fileURLToPath(moduleUrl))) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`${name} failed: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
