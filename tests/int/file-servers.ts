// In-process FTP (ftp-srv) and SFTP (ssh2's server) servers the accounting exports are
// sent to: each accepts one user and password and keeps what it received, by path.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import FtpSrv from 'ftp-srv';
import ssh2 from 'ssh2';

export interface FileServer {
  port: number;
  user: string;
  password: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** ftp-srv logs through bunyan: silenced. */
const quiet: Record<string, unknown> = {};
for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal']) quiet[level] = () => undefined;
quiet.child = () => quiet;

/** An FTP server writing into a fresh directory (`root`). */
export async function startFtpServer(user: string, password: string): Promise<FileServer & { root: string }> {
  const root = mkdtempSync(join(tmpdir(), 'bivouac-ftp-'));
  const port = await freePort();
  const srv = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    anonymous: false,
    log: quiet as never,
  });
  srv.on('login', ({ username, password: given }, resolve, reject) =>
    username === user && given === password ? resolve({ root }) : reject(new Error('Authentification refusée')),
  );
  await srv.listen();
  return {
    port,
    user,
    password,
    root,
    close: async () => {
      await srv.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** An SFTP server keeping the files written (OPEN, WRITE, CLOSE) in `files`, by path. */
export async function startSftpServer(
  user: string,
  password: string,
): Promise<FileServer & { files: Map<string, Buffer> }> {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
  const files = new Map<string, Buffer>();
  const server = new ssh2.Server({ hostKeys: [privateKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === user && ctx.password === password) ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('error', () => undefined);
    client.on('ready', () =>
      client.on('session', (acceptSession) =>
        acceptSession().on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const open = new Map<string, { path: string; data: Buffer }>();
          sftp.on('OPEN', (reqid, path, flags) => {
            if (!(flags & OPEN_MODE.WRITE)) return sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED);
            const handle = Buffer.from(String(open.size + files.size));
            open.set(handle.toString(), { path, data: Buffer.alloc(0) });
            sftp.handle(reqid, handle);
          });
          sftp.on('WRITE', (reqid, handle, offset, data) => {
            const f = open.get(handle.toString());
            if (!f) return sftp.status(reqid, STATUS_CODE.FAILURE);
            const grown = Buffer.alloc(Math.max(f.data.length, offset + data.length));
            f.data.copy(grown);
            data.copy(grown, offset);
            f.data = grown;
            sftp.status(reqid, STATUS_CODE.OK);
          });
          sftp.on('CLOSE', (reqid, handle) => {
            const f = open.get(handle.toString());
            if (f) files.set(f.path, f.data);
            open.delete(handle.toString());
            sftp.status(reqid, f ? STATUS_CODE.OK : STATUS_CODE.FAILURE);
          });
        }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    user,
    password,
    files,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
