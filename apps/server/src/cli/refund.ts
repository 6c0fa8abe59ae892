import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { createRefunder } from '../modules/shop/index.ts';
import { runIfEntry } from './run.ts';

const USAGE = `usage: npm run refund -w apps/server -- --order <orderID> --reason "<why>"
  Pays a paid order back through its provider and takes back the time it added to the learner's purchase
  (docs/shop.md, "Refunds"); the learner's devices hear of it within 30 s. Safe to run again. Database:
  DATA_DIR / DATABASE_URL as for the server.`;

/** Parses the command line; `{error}` when it is wrong ('' for --help). */
export function parseRefundArgs(argv: string[]): { order: string; reason: string } | { error: string } {
  let order: string | undefined;
  let reason: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { error: '' };
    if (a !== '--order' && a !== '--reason') return { error: `unknown argument ${a}` };
    const v = argv[++i];
    if (v === undefined || v.startsWith('--')) return { error: `${a} needs a value` };
    if (a === '--order') order = v.trim();
    else reason = v.trim();
  }
  if (!order || !/^KS\d{20}$/.test(order)) return { error: '--order must be an order number (KS + 20 digits)' };
  if (!reason || reason.length > 100) return { error: '--reason is required (at most 100 characters)' };
  return { order, reason };
}

export async function refund(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const args = parseRefundArgs(argv);
  if ('error' in args) {
    out(args.error ? `${args.error}\n${USAGE}` : USAGE);
    return args.error ? 2 : 0;
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const outcome = await (await createRefunder(database.db, config, Date.now))(args.order, args.reason);
    if (typeof outcome === 'object') {
      out(`order ${args.order} not refunded: ${outcome.refused}`);
      return 1;
    }
    out(outcome === 'already' ? `order ${args.order} was already refunded` : `order ${args.order} refunded`);
    return 0;
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, 'refund', (argv) => refund(argv));
