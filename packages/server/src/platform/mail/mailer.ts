import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../log.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The message's language, for the Content-Language header. */
  language?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real mail: SMTP through nodemailer when SMTP_URL is set; otherwise each message is rendered
 * as a complete RFC 822 message and written to DATA_DIR/outbox/*.eml, so a fresh install works.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
  const outbox = path.join(opts.dataDir, 'outbox');
  // nodemailer is loaded at the first message rather than at start (most starts send none);
  // making a transport opens no connection either way.
  let transport: Transporter | undefined;
  const transportNow = () => {
    const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
    return opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };

  return {
    async send(message) {
      transport ??= transportNow();
      const info = await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.language ? { 'Content-Language': message.language } : undefined,
      });
      if (!opts.smtpUrl) {
        fs.mkdirSync(outbox, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
        fs.writeFileSync(path.join(outbox, name), (info as unknown as { message: Buffer }).message);
        opts.log.info({ subject: message.subject, file: name }, 'mail written to outbox');
      } else {
        opts.log.info({ subject: message.subject }, 'mail sent');
      }
    },
  };
}
