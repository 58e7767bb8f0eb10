import fs from 'node:fs';
import path from 'node:path';

/**
 * One server process per embedded data directory. PGlite is a single-process database: a second process
 * opening the same folder (even only reading) damages it, and after the first process dies the folder no
 * longer opens (`RuntimeError: Aborted()`). So the folder holds `somero.lock` with the owner's pid (and,
 * on Linux, the process's start time, so a pid reused after a restart is not mistaken for the owner): a
 * second process refuses to start while that owner lives, and takes the lock over when it is gone.
 */
export const lockName = 'somero.lock';

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Somero server (process ${pid}). ` +
        'Only one server may open it at a time: stop that server first, or set DATA_DIR to another folder. ' +
        'Nothing was changed.',
    );
    this.name = 'DataDirInUse';
  }
}

interface Owner {
  pid: number;
  started?: string;
}

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), where there is /proc. */
function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function alive(owner: Owner): boolean {
  if (owner.pid === process.pid) return false; // our own lock left by a previous life (pid 1 in a container)
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = startTime(owner.pid);
  return !(owner.started && started && owner.started !== started);
}

function readOwner(file: string): Owner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Owner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for this process, creating it if needed; throws `DataDirInUse` when a live
 * process holds it. Answers the release, which removes the lock if it is still ours.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, lockName);
  const me: Owner = { pid: process.pid, started: startTime(process.pid) };
  // Written whole beside the lock, then linked to its name: the link fails when the lock exists, so
  // taking it is atomic and a reader never sees a half-written lock.
  const mine = `${file}.${process.pid}`;
  fs.writeFileSync(mine, JSON.stringify(me));
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(mine, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      }
      const owner = readOwner(file);
      if (owner && alive(owner)) throw new DataDirInUse(dataDir, owner.pid);
      // A stale lock (its process is gone, e.g. killed or a power cut): take it over.
      fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
  const release = () => {
    if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return release;
}
