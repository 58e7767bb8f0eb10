// Many schools on a Citus cluster (`npm run citus:distribute`, README "Many schools on Citus"): turns a migrated
// Somero database on a Citus coordinator into a distributed one. Every table with `school_id` is distributed by
// it, all in one co-location group, so a school's rows of every table sit on one worker and a query that joins
// them on school_id runs there. The tables a request reads before it knows the school (schools, users, sign-in
// limits, the server's backups), and what they refer to, become reference tables, copied to every node.
// Idempotent: a database already distributed is left as it is. After an upgrade it places what the new release
// places otherwise (a table its migrations made without distributing it; sessions, reference tables before 0052).
import pg from 'pg';

export interface CitusPlan {
  /** Tables distributed by school_id, in one co-location group. */
  distributed: string[];
  /** Tables copied to every node. */
  reference: string[];
}

export interface CitusReport extends CitusPlan {
  /** What was done, one line a step, in the operator's words. */
  steps: string[];
  /** Tables that were already as planned before this run. */
  already: number;
}

/** The database is not on a Citus coordinator (no `citus` extension), or has no worker. */
export class NotCitus extends Error {
  override name = 'NotCitus';
}

type Placed = 'distributed' | 'reference' | 'local';
type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

/** Which table goes where, read from the catalogue (never a list to keep up by hand). */
export async function citusPlan(query: Query): Promise<CitusPlan> {
  const tables = await query<{ name: string; school: boolean }>(
    `select c.relname as name,
            exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped) as school
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  // A unique index without school_id (a user name, a token's hash) holds across schools: Citus can only keep it
  // on a table that is whole on every node.
  const acrossSchools = await query<{ name: string }>(
    `select distinct c.relname as name
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisunique
        and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'school_id'
                                                     and a.attnum = any(i.indkey))`,
  );
  const foreignKeys = await query<{ from: string; to: string }>(
    `select f.relname as from, t.relname as to
       from pg_constraint k join pg_class f on f.oid = k.conrelid join pg_class t on t.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`,
  );
  const reference = new Set([...tables.filter((t) => !t.school).map((t) => t.name)]);
  for (const { name } of acrossSchools) reference.add(name);
  // A reference table may refer only to reference tables.
  for (let grew = true; grew; ) {
    grew = false;
    for (const key of foreignKeys)
      if (reference.has(key.from) && !reference.has(key.to)) {
        reference.add(key.to);
        grew = true;
      }
  }
  return {
    reference: [...reference].sort(),
    distributed: tables.map((t) => t.name).filter((name) => !reference.has(name)),
  };
}

/** The table every distributed table is co-located with. */
export const colocationAnchor = 'students';

/**
 * Distributes the database at `databaseUrl` (a Citus coordinator with its workers added). `shardCount` is
 * Citus's `citus.shard_count` for the tables made now (Citus's default, 32, when not given).
 */
export async function distributeDatabase(
  databaseUrl: string,
  options: { shardCount?: number; say?: (line: string) => void } = {},
): Promise<CitusReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const query: Query = async (text, values) => (await client.query(text, values as unknown[])).rows;
  const steps: string[] = [];
  const say = (line: string) => {
    steps.push(line);
    options.say?.(line);
  };
  try {
    const [citus] = await query<{ version: string }>(
      `select extversion as version from pg_extension where extname = 'citus'`,
    );
    if (!citus) throw new NotCitus('This database has no Citus extension: run it on a Citus coordinator.');
    const [{ workers }] = await query<{ workers: number }>(
      `select count(*)::int as workers from pg_dist_node where noderole = 'primary' and groupid <> 0`,
    );
    if (workers === 0) throw new NotCitus('This Citus coordinator has no worker: add one with citus_add_node first.');

    const plan = await citusPlan(query);
    const placed = async () =>
      new Map(
        (
          await query<{ name: string; kind: Placed }>(
            `select c.relname as name,
                    case when p.partmethod = 'h' then 'distributed' when p.repmodel = 't' then 'reference' else 'local' end as kind
               from pg_dist_partition p join pg_class c on c.oid = p.logicalrelid
               join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`,
          )
        ).map((r) => [r.name, r.kind]),
      );
    let done = await placed();
    const toReference = plan.reference.filter((t) => done.get(t) !== 'reference');
    const toDistribute = plan.distributed.filter((t) => done.get(t) !== 'distributed');
    const already = plan.reference.length + plan.distributed.length - toReference.length - toDistribute.length;
    if (toReference.length === 0 && toDistribute.length === 0) {
      say(
        `Already distributed: ${plan.distributed.length} school tables by school_id and ${plan.reference.length} reference tables, on ${workers} workers (Citus ${citus.version}). Nothing to do.`,
      );
      return { ...plan, steps, already };
    }

    // Foreign keys are dropped and made again once every table is in place: Citus distributes a table only when
    // what it refers to is already distributed beside it, and takes a table that a reference table refers to,
    // or that refers to one, in as a "local" table of the coordinator.
    const keys = await query<{ table: string; name: string; definition: string }>(
      `select f.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
         from pg_constraint k join pg_class f on f.oid = k.conrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace
        order by f.relname, k.conname`,
    );
    for (const key of keys) await query(`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`);
    if (keys.length) say(`Dropped ${keys.length} foreign keys for the time of the move.`);
    done = await placed();
    for (const [name, kind] of done) if (kind === 'local') await query(`select undistribute_table($1)`, [name]);
    // A table of an earlier release's plan (copied to every node, now the school's own) is made whole first.
    const moved = toDistribute.filter((name) => done.get(name) === 'reference');
    for (const name of moved) await query(`select undistribute_table($1)`, [name]);
    if (moved.length) say(`Gathered ${moved.join(', ')} from every node, to distribute by school.`);

    // Citus cannot change a table whose key is GENERATED ALWAYS AS IDENTITY once it has it: such a key becomes
    // an ordinary sequence default (inserts that leave it out are numbered as before).
    const identities = await query<{ table: string; column: string }>(
      `select c.relname as table, a.attname as column
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attidentity <> '' and not a.attisdropped`,
    );
    for (const { table, column } of identities) {
      const sequence = `${table}_${column}_seq`;
      await query(`alter table ${ident(table)} alter column ${ident(column)} drop identity`);
      await query(`create sequence if not exists ${ident(sequence)} owned by ${ident(table)}.${ident(column)}`);
      await query(`select setval($1, coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`, [
        sequence,
      ]);
      await query(
        `alter table ${ident(table)} alter column ${ident(column)} set default nextval('${sequence}'::regclass)`,
      );
      say(`${table}.${column}: its identity became a sequence default.`);
    }

    for (const name of toReference) await query(`select create_reference_table($1)`, [name]);
    if (toReference.length) say(`Made ${toReference.length} reference tables: ${toReference.join(', ')}.`);

    if (options.shardCount) await query(`set citus.shard_count = ${Number(options.shardCount)}`);
    const ordered = toDistribute.includes(colocationAnchor)
      ? [colocationAnchor, ...toDistribute.filter((t) => t !== colocationAnchor)]
      : toDistribute;
    for (const name of ordered)
      await query(`select create_distributed_table($1, 'school_id', colocate_with => $2)`, [
        name,
        name === colocationAnchor ? 'none' : colocationAnchor,
      ]);
    if (ordered.length)
      say(`Distributed ${ordered.length} school tables by school_id, co-located with ${colocationAnchor}.`);

    for (const key of keys)
      await query(`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`);
    if (keys.length) say(`Made the ${keys.length} foreign keys again.`);
    say(
      `Done: ${plan.distributed.length} school tables distributed by school_id and ${plan.reference.length} reference tables, on ${workers} workers (Citus ${citus.version}).`,
    );
    return { ...plan, steps, already };
  } finally {
    await client.end().catch(() => {});
  }
}

/** A catalogue name quoted for SQL. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
