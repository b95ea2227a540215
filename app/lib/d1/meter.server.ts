// What D1 does for the app, counted in this isolate (issue 26, decision 029):
// queries, rows read and rows written from D1's result metadata, for
// `npm run bench:load` to turn into a cost per student. Off unless the
// Worker's D1_METER setting is "1" (.dev.vars.example sets it locally; never
// in production), so the hot path pays nothing for it there.
//
// `raw()` (drizzle's selects and `.get()`) answers without metadata: such
// calls count as queries and as `unmetered`, so a reader sees how much of
// the rows read the figures cover.

export type D1MeterReading = { queries: number; unmetered: number; rowsRead: number; rowsWritten: number; batches: number };

// One meter per isolate, on globalThis: wrangler bundles server.ts (which
// builds the load context) and the Remix server build (which has the route
// that reads the meter) each with their own copy of this module.
type MeterState = { on: boolean; reading: D1MeterReading };
const state: MeterState = ((globalThis as { __d1Meter?: MeterState }).__d1Meter ??= {
  on: false,
  reading: { queries: 0, unmetered: 0, rowsRead: 0, rowsWritten: 0, batches: 0 },
});
const reading = state.reading;

/** Turns the meter on for this isolate when the Worker's setting asks for it. */
export function configureD1Meter(env: { D1_METER?: string }) {
  state.on = env.D1_METER === "1";
}

export const d1MeterOn = () => state.on;
export const readD1Meter = (): D1MeterReading => ({ ...reading });

function add(result: unknown) {
  const meta = (result as { meta?: { rows_read?: number; rows_written?: number } } | null)?.meta;
  reading.rowsRead += meta?.rows_read ?? 0;
  reading.rowsWritten += meta?.rows_written ?? 0;
}

const real = new WeakMap<object, D1PreparedStatement>();

function meterStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => meterStatement(statement.bind(...values)),
    async first(column?: string) {
      reading.queries++;
      // first() answers without metadata too: counted as unmetered.
      reading.unmetered++;
      return column === undefined ? statement.first() : statement.first(column);
    },
    async all() {
      reading.queries++;
      const result = await statement.all();
      add(result);
      return result;
    },
    async run() {
      reading.queries++;
      const result = await statement.run();
      add(result);
      return result;
    },
    async raw(options?: { columnNames?: boolean }) {
      reading.queries++;
      reading.unmetered++;
      return options?.columnNames ? statement.raw({ columnNames: true }) : statement.raw();
    },
  } as unknown as D1PreparedStatement;
  real.set(wrapped as object, statement);
  return wrapped;
}

/** `d1` with every call counted (when the meter is on; else `d1` itself). */
export function metered(d1: D1Database): D1Database {
  if (!state.on) return d1;
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => meterStatement(target.prepare(query));
      if (prop === "batch")
        return async (statements: D1PreparedStatement[]) => {
          reading.batches++;
          reading.queries += statements.length;
          const results = await target.batch(statements.map((s) => real.get(s as object) ?? s));
          for (const r of results) add(r);
          return results;
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
