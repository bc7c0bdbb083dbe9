import { sql } from "drizzle-orm";
import { openConfiguredDb } from "/work/main/app/services/db/client.server";
const h = openConfiguredDb();
const v = process.argv[2];
const names = ((await h.db.execute(sql`select name from order_customer_names where name like ${'%' + v + '%'} limit 501`)).rows as {name:string}[]).map(r=>r.name);
console.log(names.length, "names");
for (let k = 0; k < 2; k++) {
const direct = await h.db.execute(sql.raw(`explain (analyze, buffers) select o.id, o.placed_at from orders o join clients c on c.id = o.client_id where lower(o.customer_name) like '%${v}%' order by o.placed_at desc, o.id desc limit 1001`));
if (k) console.log((direct.rows as any[]).map(r=>r["QUERY PLAN"]).join("\n"));
const list = names.map(n => `'${n.replace(/'/g,"''")}'`).join(",");
const eq = await h.db.execute(sql.raw(`explain (analyze, buffers) select o.id, o.placed_at from orders o join clients c on c.id = o.client_id where lower(o.customer_name) in (${list}) order by o.placed_at desc, o.id desc limit 1001`));
if (k) console.log((eq.rows as any[]).map(r=>r["QUERY PLAN"]).join("\n"));
}
await h.close();
