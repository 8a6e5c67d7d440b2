// An SMTP server in the test process (smtp-server on port 0, mailparser): the e-mails the
// product sends over real SMTP, parsed, pushed into the test's `received` list.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface SmtpCapture {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpCapture(received: ParsedMail[]): Promise<SmtpCapture> {
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => {
        received.push(m);
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
