import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { createShipper } from '../modules/shop/index.ts';
import { systemClock } from '../platform/clock.ts';
import { runIfEntry } from './run.ts';

const USAGE = `usage: npm run ship -w apps/server -- --order <orderID> --courier "<courier>" --tracking <number>
  Marks a paid order's printed books as shipped with the courier and its tracking number; the learner then sees
  them on /receiptDetail, with a 商品已发货 message, and can confirm receipt (确认收货). Refused unless the order is paid, has books and an
  address, and is not shipped yet. Database: DATA_DIR / DATABASE_URL as for the server.`;

export interface ShipArgs {
  order: string;
  courier: string;
  tracking: string;
}

/** Parses the command line; `{error}` when it is wrong ('' for --help). */
export function parseShipArgs(argv: string[]): ShipArgs | { error: string } {
  const got: Partial<ShipArgs> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { error: '' };
    const key = ({ '--order': 'order', '--courier': 'courier', '--tracking': 'tracking' } as const)[a as '--order'];
    if (!key) return { error: `unknown argument ${a}` };
    const v = argv[++i];
    if (v === undefined || v.startsWith('--')) return { error: `${a} needs a value` };
    got[key] = v.trim();
  }
  if (!got.order || !/^KS\d{20}$/.test(got.order)) return { error: '--order must be an order number (KS + 20 digits)' };
  if (!got.courier || got.courier.length > 20) return { error: '--courier is required (at most 20 characters)' };
  if (!got.tracking || !/^[A-Za-z0-9-]{4,40}$/.test(got.tracking)) return { error: '--tracking must be 4–40 letters, digits or -' };
  return got as ShipArgs;
}

export async function ship(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const args = parseShipArgs(argv);
  if ('error' in args) {
    out(args.error ? `${args.error}\n${USAGE}` : USAGE);
    return args.error ? 2 : 0;
  }
  const database = await openDatabase(loadConfig());
  try {
    const row = await createShipper(database.db, systemClock)(args.order, args.courier, args.tracking);
    if (!row) {
      out(`order ${args.order} cannot be shipped: not found, not paid, without books or address, or already shipped`);
      return 1;
    }
    out(`order ${row.orderNo}: shipped by ${args.courier}, tracking ${args.tracking}`);
    if (!row.told) out("the learner's 商品已发货 message could not be written; the order is shipped");
    return 0;
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, 'ship', (argv) => ship(argv));
