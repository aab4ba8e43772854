import fs from 'node:fs';
import path from 'node:path';

/** The server's data directory for this run (see playwright.config.ts). */
export const dataDir = () => process.env.E2E_DATA_DIR!;

/** The body of an RFC 822 message as text, decoding the transfer encoding nodemailer chose. */
function messageText(message: string): string {
  const raw = message.replace(/\r\n/g, '\n');
  const split = raw.indexOf('\n\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 2);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return `${headers}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return `${headers}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
  }
  return raw;
}

/**
 * The newest message written to the outbox for `to` (the product's mail without SMTP), with
 * its headers and its decoded text body.
 */
export function latestMailTo(to: string): string | undefined {
  const outbox = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(outbox)) return undefined;
  const files = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  const recipient = new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi');
  for (const file of files) {
    const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (recipient.test(raw)) return messageText(raw);
  }
  return undefined;
}

export const languages = [
  { code: 'zh-CN', label: '中文' },
  { code: 'en-US', label: 'English' },
] as const;
