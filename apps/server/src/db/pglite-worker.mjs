// The embedded database on a thread of its own (docs/caching.md, "PGlite off the main thread"): PGlite runs here,
// and the server's thread sends each query over postMessage (db/pglite-thread.ts, which also types the messages),
// so HTTP, validation and JSON work on one core while the database works on the other. Plain JavaScript: a worker
// thread does not inherit the TypeScript loader the server runs with.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
const post = (m) => port.postMessage(m);
const { dataDir } = workerData;

const errorOf = (err) => {
  const wire = { message: err instanceof Error ? err.message : String(err) };
  for (const key of ['code', 'constraint', 'detail', 'table', 'column', 'severity']) if (typeof err?.[key] === 'string') wire[key] = err[key];
  return wire;
};

const identity = (v) => v;
const parsersOf = (types) => (types ? Object.fromEntries(types.map((t) => [t, identity])) : undefined);

const db = await PGlite.create(dataDir);
/** Open transactions by id: the PGlite transaction handle and how to end it. */
const open = new Map();

async function handle(m) {
  switch (m.op) {
    case 'query': {
      const target = m.tx === undefined ? db : open.get(m.tx)?.tx;
      if (!target) throw new Error('query in a transaction that is not open');
      const r = await target.query(m.sql, m.params, { rowMode: m.rowMode, parsers: parsersOf(m.identityTypes) });
      post({ id: m.id, result: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } });
      return;
    }
    case 'begin': {
      const done = db.transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            open.set(m.tx, { tx, finish: (commit) => (commit ? resolve() : reject(new Error('rolled back'))) });
            post({ id: m.id, result: null });
          }),
      );
      // The end of the transaction answers id -tx (after COMMIT or ROLLBACK ran).
      done.then(
        () => post({ id: -m.tx, result: null }),
        (err) => post({ id: -m.tx, error: errorOf(err) }),
      );
      return;
    }
    case 'end': {
      const t = open.get(m.tx);
      open.delete(m.tx);
      t?.finish(m.commit);
      return;
    }
    case 'listen':
      await db.listen(m.channel, (payload) => post({ notify: m.channel, payload }));
      post({ id: m.id, result: null });
      return;
    case 'close':
      await db.close();
      post({ id: m.id, result: null });
      return;
  }
}

port.on('message', (m) => {
  handle(m).catch((err) => {
    if ('id' in m) post({ id: m.id, error: errorOf(err) });
  });
});
post({ ready: true });
