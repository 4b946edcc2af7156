/**
 * A real IMAP server for the mail tests (docs/product/mail.md#mail-screen): Debian's
 * `dovecot-imapd`, started on loopback with its own configuration, a static password file and a
 * mail folder inside a fresh temporary directory, on a free port, without TLS (the tests let the
 * connector reach loopback over plain IMAP through the operator's outbound setting). `npm test`
 * installs dovecot first when it is missing (scripts/check-dovecot.mjs). Messages are put in
 * over IMAP (APPEND), as a mail client would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

export interface MailUser {
  user: string;
  password: string;
}

export interface DovecotServer {
  host: string;
  port: number;
  users: MailUser[];
  /** Appends raw RFC 822 messages to a user's folder (created when missing); answers their UIDs. */
  append(user: MailUser, folder: string, messages: (string | Buffer)[], flags?: string[]): Promise<number[]>;
  /**
   * Writes messages straight into a user's INBOX Maildir (`new/`), as a delivery agent would:
   * much faster than APPEND for the benchmark's 10,000 messages; dovecot indexes them on next use.
   */
  deliver(user: MailUser, messages: Buffer[]): Promise<void>;
  stop(): Promise<void>;
}

const DOVECOT = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function configText(dir: string, port: number): string {
  return `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
first_valid_uid = 1
mail_location = maildir:~/Maildir
mail_max_userip_connections = 200
# A refused password is answered at once (Dovecot waits 2 s by default): the tests refuse many.
auth_failure_delay = 0
# Test data: no fsync per message (appending 10,000 messages for the benchmark).
mail_fsync = never
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  process_min_avail = 1
}
service imap {
  process_limit = 200
}
# Nor is the next sign-in after a refusal held back as a guess (the auth penalty: 2, 4, 8… s).
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=${dir}/mail/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = create
  }
  mailbox Trash {
    special_use = \\Trash
  }
}
`;
}

async function waitForGreeting(port: number, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (chunk) => {
        socket.destroy();
        resolve(chunk.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = await readFile(logPath, 'utf8').catch(() => '');
  throw new Error(`dovecot did not start on port ${port}: ${log.slice(-2000)}`);
}

export async function startDovecot(users: MailUser[]): Promise<DovecotServer> {
  const dir = await mkdtemp(join(tmpdir(), 'docket-dovecot-'));
  // The mail processes run as `nobody`: they must reach the folder and write the mail store.
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'mail'), { mode: 0o777 });
  await chmod(join(dir, 'mail'), 0o777);
  const port = await freePort();
  await writeFile(join(dir, 'dovecot.conf'), configText(dir, port));
  await writeFile(join(dir, 'users'), users.map((u) => `${u.user}:{PLAIN}${u.password}::::::`).join('\n') + '\n');
  await chmod(join(dir, 'users'), 0o644);
  const child = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  child.on('error', () => undefined);
  await waitForGreeting(port, child, join(dir, 'dovecot.log'));

  const append: DovecotServer['append'] = async (user, folder, messages, flags = []) => {
    const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user: user.user, pass: user.password }, logger: false });
    await client.connect();
    try {
      if (folder.toUpperCase() !== 'INBOX') await client.mailboxCreate(folder).catch(() => undefined);
      const uids: number[] = [];
      for (const message of messages) {
        const result = await client.append(folder, message, flags);
        uids.push(result && typeof result === 'object' && result.uid ? Number(result.uid) : 0);
      }
      return uids;
    } finally {
      await client.logout().catch(() => undefined);
    }
  };

  const deliver: DovecotServer['deliver'] = async (user, messages) => {
    const maildir = join(dir, 'mail', user.user, 'Maildir');
    for (const sub of ['', 'new', 'cur', 'tmp']) {
      await mkdir(join(maildir, sub), { recursive: true, mode: 0o777 });
      await chmod(join(maildir, sub), 0o777);
    }
    await chmod(join(dir, 'mail', user.user), 0o777);
    const stamp = Date.now();
    for (const [index, message] of messages.entries()) {
      const path = join(maildir, 'new', `${Math.floor(stamp / 1000) + index}.M${index}P${process.pid}.docket`);
      await writeFile(path, message, { mode: 0o666 });
    }
  };

  return {
    host: '127.0.0.1',
    port,
    users,
    append,
    deliver,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A plain message with the given headers and text body (CRLF line ends, as on the wire). */
export function rawMessage(headers: Record<string, string>, body: string): string {
  const head = Object.entries({ 'MIME-Version': '1.0', 'Content-Type': 'text/plain; charset=utf-8', ...headers })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return `${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`;
}
