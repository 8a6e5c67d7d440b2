// Sending a stored export to the accountant's server, as the connector's settings say
// (connector.ts): FTP, FTPS (explicit TLS, certificate checked) or SFTP, into its
// directory, under the export's file name, in the code page of its format. Any failure
// answers the spec's « L'envoi FTP a échoué » (FTP_SEND_FAILED, 502) with the step that
// failed on its field (server, log-in, directory); never the password, nor the server's
// own words (they may echo the user name or paths). A success stamps the export as sent.
// Two users sending the same export at once both upload the same file name: the server
// keeps one copy, the export the last stamp.
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { loadConnector, type SendSettings } from './connector';
import { encodeFile, type ExportFormat } from './formats';

const TIMEOUT_MS = 15_000;
type Step = 'host' | 'user' | 'directory';
const STEP_MESSAGES: Record<Step, string> = {
  host: 'Serveur injoignable',
  user: 'Identifiant ou mot de passe refusé',
  directory: 'Dépôt refusé dans ce dossier',
};

class SendFailure extends Error {
  constructor(readonly step: Step) {
    super(step);
  }
}

async function sendFtp(s: SendSettings, fileName: string, bytes: Buffer): Promise<void> {
  // Loaded at the first send: ssh2 alone holds 16 MiB (its WebAssembly memory) from its import on.
  const { default: ftp } = await import('basic-ftp');
  const client = new ftp.Client(TIMEOUT_MS);
  let step: Step = 'host';
  try {
    try {
      await client.access({
        host: s.host,
        port: s.port,
        user: s.user,
        password: s.password,
        secure: s.protocol === 'ftps',
      });
    } catch (e) {
      // 530 « Not logged in »: the server answered, the credentials were refused.
      throw new SendFailure((e as { code?: unknown }).code === 530 ? 'user' : 'host');
    }
    step = 'directory';
    if (s.directory) await client.cd(s.directory);
    await client.uploadFrom(Readable.from(bytes), fileName);
  } catch (e) {
    throw e instanceof SendFailure ? e : new SendFailure(step);
  } finally {
    client.close();
  }
}

async function sendSftp(s: SendSettings, fileName: string, bytes: Buffer): Promise<void> {
  const { default: ssh2 } = await import('ssh2');
  return new Promise((resolve, reject) => {
    const conn = new ssh2.Client();
    let step: Step = 'host';
    const fail = (at: Step) => {
      conn.end();
      reject(new SendFailure(at));
    };
    conn.on('error', (e: Error & { level?: string }) =>
      fail(e.level === 'client-authentication' ? 'user' : step === 'host' ? 'host' : step),
    );
    conn.on('ready', () => {
      step = 'directory';
      conn.sftp((err, sftp) => {
        if (err) return fail('directory');
        sftp.writeFile(posix.join(s.directory || '.', fileName), bytes, (e) => {
          if (e) return fail('directory');
          conn.end();
          resolve();
        });
      });
    });
    conn.connect({ host: s.host, port: s.port, username: s.user, password: s.password, readyTimeout: TIMEOUT_MS });
  });
}

/** Sends export `exportId` with the connector's settings (`moduleId`, else its own); the address it went to. */
export async function sendExport(knex: Knex, exportId: number, moduleId?: number): Promise<{ sentTo: string }> {
  const e = await knex('accounting_export')
    .where('id', exportId)
    .first('id', 'fileName', 'fileText', 'format', 'moduleId');
  if (!e) throw notFound();
  // By default, to the connector the export was made for.
  const id = moduleId ?? e.moduleId;
  if (!id) throw badRequest('CHOOSE_ACCOUNTING_SOFTWARE');
  const connector = await loadConnector(knex, id);
  const s = connector.send;
  if (!s) {
    const missing = badRequest('EXPORT_SETTINGS_INCOMPLETE', { host: "Serveur d'envoi à renseigner" });
    missing.message = `${missing.message} : serveur d'envoi`;
    throw missing;
  }
  const bytes = encodeFile(e.format as ExportFormat, e.fileText);
  try {
    await (s.protocol === 'sftp' ? sendSftp : sendFtp)(s, e.fileName, bytes);
  } catch (err) {
    const step = err instanceof SendFailure ? err.step : 'host';
    throw new HttpError(502, 'FTP_SEND_FAILED', { [step]: STEP_MESSAGES[step] });
  }
  // The address without the user: it is shown in the history.
  const sentTo = `${s.protocol}://${s.host}:${s.port}${posix.join('/', s.directory, e.fileName)}`;
  await knex('accounting_export').where('id', exportId).update({ sentAt: knex.fn.now(), sentTo });
  return { sentTo };
}
