import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const log = pino({ level: 'silent' });

describe('mailer', () => {
  it('writes a real .eml message to the outbox when no SMTP server is set', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-mail-'));
    const mailer = createMailer({ from: 'EDP <no-reply@edp.local>', dataDir, log });
    await mailer.send({
      to: 'ops@acme.cn',
      subject: '您的验证码',
      text: '验证码 123456',
      language: 'zh-CN',
    });
    const [file] = fs.readdirSync(path.join(dataDir, 'outbox'));
    const eml = fs.readFileSync(path.join(dataDir, 'outbox', file!), 'utf8');
    expect(file).toMatch(/\.eml$/);
    expect(eml).toMatch(/^To: ops@acme.cn$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toMatch(/^Content-Language: zh-CN$/m);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers through SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          done();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@edp.local',
      dataDir: os.tmpdir(),
      log,
    });
    await mailer.send({ to: 'ops@acme.com', subject: 'Your code', text: 'Code 654321' });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Your code');
    expect(received[0]).toContain('Code 654321');
  });
});
