import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { EMAIL_CODE_TTL_MS } from '@edp/shared/constants';
import type { Locale } from '@edp/shared/errors';
import { SMS_PLACEHOLDERS } from '@edp/shared/rules';
import type { Db } from '../../platform/db/index.ts';
import { loginCodeRepository } from './login-code-repository.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { Logger } from '../../platform/log.ts';

const MAX_TRIES = 5;
/** A new code at most once a minute per user, so the button cannot flood a phone. */
const RESEND_AFTER_MS = 60_000;

const smsTemplate: Record<Locale, string> = {
  'zh-CN': `您的登录验证码为 ${SMS_PLACEHOLDERS.code}，10 分钟内有效，请勿泄露。`,
  'en-US': `Your login code is ${SMS_PLACEHOLDERS.code}. It is valid for 10 minutes; do not share it.`,
};

const hashCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}/${code}`).digest('hex');

/**
 * Sends an SMS through the tenant's gateway (console/notify): false when it has none set up.
 * services.ts hands in the notify service's sendLoginCode.
 */
export type SmsGateway = (
  tenantId: string,
  fill: { content: string; phone: string; ip: string },
) => Promise<boolean>;

/**
 * A tenant without an SMS gateway: each message is written to DATA_DIR/outbox/sms-*.txt
 * (recipient, language, text), the way mail is without SMTP, so the flow works and can be tested.
 */
export function writeSmsToOutbox(dataDir: string, to: string, text: string, language: Locale) {
  const dir = path.join(dataDir, 'outbox');
  fs.mkdirSync(dir, { recursive: true });
  const name = `sms-${Date.now()}-${randomBytes(4).toString('hex')}.txt`;
  fs.writeFileSync(path.join(dir, name), `To: ${to}\nContent-Language: ${language}\n\n${text}\n`);
}

/**
 * Login codes by SMS or e-mail: 6 digits from a CSPRNG, stored hashed, 10 minutes, single
 * use, at most 5 tries; a new code voids the old one (docs/architecture.md §8 item 4).
 */
export function loginCodes(opts: {
  db: Db;
  clock: () => number;
  dataDir: string;
  mailer: Mailer;
  sms: SmsGateway;
  log: Logger;
}) {
  const { clock } = opts;
  const codes = loginCodeRepository(opts.db);
  return {
    /** Sends a code unless one was sent in the last minute. */
    async send(
      userId: string,
      to: { channel: 'sms' | 'email'; address: string },
      locale: Locale,
      from: { tenantId: string; ip: string },
    ): Promise<void> {
      if (await codes.sentSince(userId, new Date(clock() - RESEND_AFTER_MS))) return;
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const row = {
        userId,
        codeHash: hashCode(userId, code),
        tries: 0,
        sentAt: new Date(clock()),
        expiresAt: new Date(clock() + EMAIL_CODE_TTL_MS),
      };
      await codes.put(row);
      const text = smsTemplate[locale].replace(SMS_PLACEHOLDERS.code, code);
      if (to.channel === 'sms') {
        // Through the gateway, its template filled (#c# the code); else to the outbox. A
        // gateway's refusal is logged: the answer is "sent" either way (it reveals no accounts).
        const viaGateway = await opts
          .sms(from.tenantId, { content: code, phone: to.address, ip: from.ip })
          .catch((err: unknown) => {
            opts.log.error(
              { err, tenantId: from.tenantId },
              'login code not taken by the SMS gateway',
            );
            return true;
          });
        if (!viaGateway) writeSmsToOutbox(opts.dataDir, to.address, text, locale);
      } else {
        const subject = locale === 'zh-CN' ? '登录验证码' : 'Your login code';
        await opts.mailer.send({ to: to.address, subject, text, language: locale });
      }
    },
    /** True once for the right code; a wrong one uses up a try. */
    async verify(userId: string, code: string): Promise<boolean> {
      const row = await codes.findLive(userId, new Date(clock()));
      if (!row || row.tries >= MAX_TRIES) return false;
      if (row.codeHash === hashCode(userId, code)) {
        await codes.delete(userId);
        return true;
      }
      await codes.addTry(userId);
      return false;
    },
  };
}
export type LoginCodes = ReturnType<typeof loginCodes>;
