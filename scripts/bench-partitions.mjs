// Decision 085's PGlite measurement: the same narrow order table plain and partitioned by month
// (24 months, order_keys kept by a trigger), side by side in one process. `node scripts/bench-partitions.mjs [rows]`.
import { PGlite } from "@electric-sql/pglite";

const N = Number(process.argv[2] ?? 200_000);
const MONTHS = 24;
const cols = `id serial, pickrr_order_id text not null, client_id int not null, placed_at timestamptz not null, customer_phone text not null`;
async function setup(partitioned) {
  const db = new PGlite();
  if (!partitioned) {
    await db.exec(`create table orders (${cols}, primary key (id));
      create unique index on orders (pickrr_order_id); create index on orders (client_id, placed_at); create index on orders (customer_phone);`);
  } else {
    await db.exec(`create table order_keys (id int primary key, pickrr_order_id text not null unique, placed_at timestamptz not null);
      create table orders (${cols}, primary key (id, placed_at)) partition by range (placed_at);
      create table orders_default partition of orders default;
      create index on orders (pickrr_order_id); create index on orders (client_id, placed_at); create index on orders (customer_phone);
      create function k() returns trigger language plpgsql as $$ begin insert into order_keys values (new.id, new.pickrr_order_id, new.placed_at); return new; end $$;
      create trigger k before insert on orders for each row execute function k();`);
    for (let m = 0; m < MONTHS + 1; m++) {
      const lo = new Date(Date.UTC(2025, m, 1)).toISOString();
      const hi = new Date(Date.UTC(2025, m + 1, 1)).toISOString();
      await db.exec(`create table orders_${m} partition of orders for values from ('${lo}') to ('${hi}')`);
    }
  }
  const t0 = performance.now();
  await db.exec(`insert into orders (pickrr_order_id, client_id, placed_at, customer_phone)
    select 'PO' || lpad(g::text, 8, '0'), g % 2000, timestamptz '2025-01-01 00:00+00' + (g::float / ${N}) * interval '${MONTHS * 30} days', '9' || lpad((g * 7919 % 1000000000)::text, 9, '0')
    from generate_series(1, ${N}) g; analyze orders;`);
  return { db, load: performance.now() - t0 };
}
async function time(db, q, params, n = 500) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await db.query(q, params(i));
  return (performance.now() - t0) / n;
}
const out = {};
for (const partitioned of [false, true]) {
  const { db, load } = await setup(partitioned);
  const r = { load_ms: Math.round(load) };
  r.by_order_id_ms = await time(db, "select * from orders where pickrr_order_id = $1", (i) => [
    `PO${String(((i * 7919) % N) + 1).padStart(8, "0")}`,
  ]);
  r.by_phone_ms = await time(db, "select * from orders where customer_phone = $1", (i) => [
    `9${String((((i * 7919) % N) * 7919) % 1e9).padStart(9, "0")}`,
  ]);
  r.client_month_count_ms = await time(
    db,
    "select count(*) from orders where client_id = $1 and placed_at >= '2026-03-01' and placed_at < '2026-04-01'",
    (i) => [i % 2000],
    200,
  );
  r.recent_page_ms = await time(
    db,
    "select * from orders where client_id = $1 order by placed_at desc limit 50",
    (i) => [i % 2000],
    200,
  );
  r.insert_ms = await time(
    db,
    "insert into orders (pickrr_order_id, client_id, placed_at, customer_phone) values ($1, 1, '2026-12-15', '9000000000')",
    (i) => [`NEW${i}`],
  );
  out[partitioned ? "partitioned" : "plain"] = Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k, Math.round(v * 1000) / 1000]),
  );
  await db.close();
}
console.table(out);
