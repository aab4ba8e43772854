// Issue 39 figures for the vendor's support requests list: REQUESTS_ROWS (1,000,000) requests of
// REQUESTS_COMPANIES (10,000) companies, on PGlite (default) or PostgreSQL (BENCH_DB=pg), read
// through the app's own calls in process (app.inject: the handler, the service and the SQL,
// not the socket). Each page is timed REQUESTS_RUNS (20) times after two warm-ups; medians and
// p95 against the budget of 50 ms for first and deep pages. The rows are made by SQL
// (generate_series) in the app's own migrated schema: a tenth still open, a third of those past
// their expected time.
// Run: node --import tsx bench/support-requests.mjs   (BENCH_DB=pg for PostgreSQL)
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inProcessApp } from './lib/in-process-app.mjs';
import { median } from './lib/measure.mjs';

const ROWS = Number(process.env.REQUESTS_ROWS ?? 1_000_000);
const COMPANIES = Number(process.env.REQUESTS_COMPANIES ?? 10_000);
const RUNS = Number(process.env.REQUESTS_RUNS ?? 20);
const BUDGET_MS = 50;

const { app, db, database, cleanUp } = await inProcessApp('requests');

let started = performance.now();
await db.execute(sql`
  insert into companies (email, password_hash, company)
  select 'c' || i || '@bench.example', 'x', 'Company ' || i from generate_series(1, ${COMPANIES}::int) i`);
// In batches, so that PGlite's single process is not asked for one statement of a million rows.
const BATCH = 100_000;
for (let from = 1; from <= ROWS; from += BATCH) {
  const to = Math.min(ROWS, from + BATCH - 1);
  await db.execute(sql`
    insert into support_requests
      (company_id, project, product, title, description, priority, expected_at, status,
       test_status, created_at, updated_at)
    select c.id, 'Project ' || (i % 50), 'TDE', 'Request ' || i || ' about folder ' || (i % 997),
           'Details of request ' || i,
           (array['low', 'middle', 'high'])[1 + i % 3],
           now() - interval '300 days' + (i * interval '30 seconds') + interval '7 days',
           case when i % 10 = 0 then (case when i % 3 = 0 then 'new' else 'processing' end)
                when i % 10 = 1 then 'dismissed' else 'solved' end,
           case when i % 7 = 0 and i % 10 > 1 then 'passed' end,
           now() - interval '300 days' + (i * interval '25 seconds'),
           now() - interval '300 days' + (i * interval '25 seconds') + ((i % 13) * interval '1 day')
    from generate_series(${from}::int, ${to}::int) i
    join (select id, row_number() over (order by email) as n from companies) c
      on c.n = 1 + i % ${COMPANIES}::int`);
}
await db.execute(sql`analyze support_requests`);
await db.execute(sql`analyze companies`);
const seedS = (performance.now() - started) / 1000;

const vendorToken = await app.platform.sessions.create({ kind: 'vendor', subjectId: randomUUID() });
const [{ id: companyId }] = (
  await db.execute(sql`select id from companies order by email limit 1 offset 17`)
).rows;
const companyToken = await app.platform.sessions.create({ kind: 'company', subjectId: companyId });
const [{ no: middle }] = (
  await db.execute(
    sql`select no::text as no from support_requests order by no limit 1 offset ${Math.floor(ROWS / 2)}`,
  )
).rows;

/** The cursor of the row at the middle of a time sort: its time to the microsecond and number. */
async function middleOf(column) {
  const [{ key }] = (
    await db.execute(
      sql.raw(`select to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || no as key
       from support_requests order by ${column}, no limit 1 offset ${Math.floor(ROWS / 2)}`),
    )
  ).rows;
  return key;
}
const middleExpected = await middleOf('expected_at');
const middleUpdated = await middleOf('updated_at');

async function page(url, body, token) {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: body,
    headers: { 'x-token': token, 'content-type': 'application/json' },
  });
  const ms = performance.now() - t0;
  const answer = res.json();
  if (!answer.success) throw new Error(`${url}: ${res.body}`);
  return { ms, answer: answer.data };
}

const cases = [
  ['vendor: first page', '/sa/reqs', {}, vendorToken, true],
  ['vendor: deep page (the middle)', '/sa/reqs', { cursor: middle }, vendorToken, true],
  ['vendor: processing, first page', '/sa/reqs', { status: 'processing' }, vendorToken, true],
  [
    'vendor: processing, deep page',
    '/sa/reqs',
    { status: 'processing', cursor: middle },
    vendorToken,
    true,
  ],
  ['vendor: one customer, first page', '/sa/reqs', { companyId }, vendorToken, true],
  ['vendor: overdue, first page', '/sa/reqs', { overdue: true }, vendorToken, true],
  [
    'vendor: high priority, deep page',
    '/sa/reqs',
    { priority: 'high', cursor: middle },
    vendorToken,
    true,
  ],
  [
    'vendor: by expected time, first page',
    '/sa/reqs',
    { sort: 'expectedAt', order: 'asc' },
    vendorToken,
    true,
  ],
  [
    'vendor: by expected time, deep page',
    '/sa/reqs',
    { sort: 'expectedAt', order: 'asc', cursor: middleExpected },
    vendorToken,
    true,
  ],
  [
    'vendor: processing by expected, deep',
    '/sa/reqs',
    { status: 'processing', sort: 'expectedAt', order: 'asc', cursor: middleExpected },
    vendorToken,
    true,
  ],
  ['vendor: last changed, first page', '/sa/reqs', { sort: 'updatedAt' }, vendorToken, true],
  [
    'vendor: last changed, deep page',
    '/sa/reqs',
    { sort: 'updatedAt', cursor: middleUpdated },
    vendorToken,
    true,
  ],
  ['vendor: keyword, first page', '/sa/reqs', { keyword: 'folder 42' }, vendorToken, false],
  ['customer: own list, first page', '/com/req/list', {}, companyToken, true],
  ['customer: own list, deep page', '/com/req/list', { cursor: middle }, companyToken, true],
];

console.log(
  `Support requests bench (${database}, ${ROWS.toLocaleString('en')} requests of ` +
    `${COMPANIES.toLocaleString('en')} companies, seeded in ${seedS.toFixed(0)} s; medians of ${RUNS})`,
);
let failed = false;
for (const [name, url, body, token, budgeted] of cases) {
  for (let i = 0; i < 2; i++) await page(url, body, token);
  const times = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, answer } = await page(url, body, token);
    times.push(ms);
    rows = answer.list.length;
  }
  times.sort((a, b) => a - b);
  const med = median(times);
  const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
  const verdict = budgeted ? (med < BUDGET_MS ? 'OK' : 'OVER') : '(no budget)';
  if (budgeted && med >= BUDGET_MS) failed = true;
  console.log(
    `  ${name.padEnd(36)} median ${med.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${rows} rows  ${verdict}`,
  );
}
await cleanUp();
process.exit(failed ? 1 : 0);
