/**
 * The team role's passwords, kept by the host in a file of its own in `.pgpass` format
 * (`host:port:database:user:password`, `\` escaping `:` and `\`), mode 0600 in the host's
 * data dir (`$ARIADNE_HOME/team.pgpass`). The extension never stores a password: it sends
 * it once to `test`, and the host writes it here when the login worked. A connection with
 * no line here falls back to the user's own `~/.pgpass` (the `pg` driver reads it).
 *
 * @example
 *   const secrets = fileTeamSecrets(teamSecretsPath(where));
 *   await secrets.save({ host: 'db', port: 5432, database: 'team', user: 'alice' }, 's3cret');
 *   await secrets.find(sameConnection); // 's3cret'
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BridgeLocations } from './paths';

export interface SecretKey {
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly user: string;
}

export interface TeamSecrets {
  find(key: SecretKey): Promise<string | undefined>;
  save(key: SecretKey, password: string): Promise<void>;
  /** True when a line was removed. */
  forget(key: SecretKey): Promise<boolean>;
}

export function teamSecretsPath(where: BridgeLocations): string {
  return path.join(where.home, 'team.pgpass');
}

function escapeField(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/:/g, '\\:');
}

/** Splits one `.pgpass` line into its fields, unescaping `\:` and `\\`. */
export function parsePgpassLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i] ?? '';
    if (c === '\\' && i + 1 < line.length) {
      current += line[i + 1] ?? '';
      i += 1;
    } else if (c === ':') {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields;
}

function keyFields(key: SecretKey): string[] {
  return [key.host, String(key.port), key.database, key.user];
}

/** The line for a key (no newline); a password with a newline could not be read back, so none is written. */
export function formatPgpassLine(key: SecretKey, password: string): string {
  return [...keyFields(key), password].map(escapeField).join(':');
}

function matches(fields: readonly string[], key: SecretKey): boolean {
  // `*` matches anything, as in libpq's own reading of the file.
  return keyFields(key).every((value, i) => fields[i] === '*' || fields[i] === value);
}

function sameKey(fields: readonly string[], key: SecretKey): boolean {
  return keyFields(key).every((value, i) => fields[i] === value);
}

/** The secrets file; its writes replace it whole (temp file, then rename), at mode 0600. */
export function fileTeamSecrets(file: string): TeamSecrets {
  const lines = async (): Promise<string[]> => {
    try {
      return (await readFile(file, 'utf8')).split('\n').filter((l) => l.length > 0 && !l.startsWith('#'));
    } catch {
      return [];
    }
  };
  const write = async (kept: readonly string[]): Promise<void> => {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, kept.map((l) => `${l}\n`).join(''), { mode: 0o600 });
    await chmod(temp, 0o600);
    await rename(temp, file);
  };
  return {
    async find(key) {
      for (const line of await lines()) {
        const fields = parsePgpassLine(line);
        if (fields.length === 5 && matches(fields, key)) return fields[4];
      }
      return undefined;
    },
    async save(key, password) {
      if (/[\r\n]/.test(password)) throw new Error('a password with a line break cannot be kept in a .pgpass file');
      const others = (await lines()).filter((l) => !sameKey(parsePgpassLine(l), key));
      await write([formatPgpassLine(key, password), ...others]);
    },
    async forget(key) {
      const all = await lines();
      const kept = all.filter((l) => !sameKey(parsePgpassLine(l), key));
      if (kept.length === all.length) return false;
      await write(kept);
      return true;
    },
  };
}
