import { randomInt } from 'node:crypto';
import { CommonErr, NotifyErr, type Locale } from '@edp/shared/errors';
import type {
  TDelivery,
  TDeliveryQuery,
  TSmsSettings,
  TSmsSettingsView,
  TWarnSettings,
  TWarnSettingsView,
} from '@edp/shared/contracts/notify';
import type { TList } from '@edp/shared/contracts/common';
import { rule } from '@edp/shared/contracts/field-rules';
import { AppError } from '../../platform/errors/index.ts';
import type { SecretBox } from '../../platform/keys/index.ts';
import type { OutboundClient } from '../../platform/outbound/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Caller } from '../access/index.ts';
import type { AuditService } from '../audit/index.ts';
import { notifyRepository } from './notify-repository.ts';
import { warningRepository } from './warning-repository.ts';
import { messagesFor } from './notifier.ts';
import { GatewayRuleError } from './gateway-rules.ts';
import { reasonIn, sendFailure } from './send-errors.ts';
import { checkSmsSave, checkWarnSave } from './settings-rules.ts';
import { sendSms, testSmsContent, type SmsFill } from './sms-sender.ts';
import { webhookKey } from './webhook.ts';
import {
  openSms,
  readSms,
  type StoredSms,
  readWarn,
  resealSms,
  resealWarn,
  sealSms,
  sealWarn,
  viewSms,
  viewWarn,
} from './stored-settings.ts';

const byOf = (by: string | null, at: Date | null) => ({
  updatedBy: by,
  updatedAt: at ? at.toISOString() : null,
});

/**
 * The SMS gateway and warning settings (docs/notifications.md), their tests and the delivery log;
 * and the SMS the console's login codes go by. Changes are audited with their secrets left out.
 */
export function notifyService(
  deps: Pick<Platform, 'db' | 'clock'> & {
    audit: AuditService;
    /** A tenant's box of sealed secrets (under its KEK once initialised: console/keys). */
    boxOf: (tenantId: string) => Promise<SecretBox>;
    outbound: OutboundClient;
  },
) {
  const { db, clock, audit, outbound } = deps;
  const repo = notifyRepository(db);
  const warnings = warningRepository(db);
  const stored = async (tenantId: string) => {
    const row = await repo.get(tenantId);
    return {
      sms: readSms(row?.sms),
      warn: readWarn(row?.warn),
      smsBy: byOf(row?.smsBy ?? null, row?.smsAt ?? null),
      warnBy: byOf(row?.warnBy ?? null, row?.warnAt ?? null),
      box: await deps.boxOf(tenantId),
    };
  };
  /** Sends through a tenant's stored gateway (sms-sender.ts says what it throws). */
  const send = (sms: StoredSms, box: SecretBox, fill: SmsFill) =>
    sendSms(outbound, openSms(sms, box), fill, new Date(clock()));
  /** A save's rules (settings-rules.ts), refused as a bad request. */
  const checked = (check: () => void) => {
    try {
      check();
    } catch (err) {
      if (err instanceof GatewayRuleError) throw new AppError(err.code, err.params);
      throw err;
    }
  };

  return {
    async sms(caller: Caller): Promise<TSmsSettingsView> {
      const s = await stored(caller.actor.tenantId);
      return viewSms(s.sms, s.box, s.smsBy);
    },
    async setSms(caller: Caller, b: TSmsSettings) {
      const { tenantId, account } = caller.actor;
      const s = await stored(tenantId);
      checked(() => checkSmsSave(b, s.sms, outbound.refusedHost));
      const next = sealSms(b, s.sms, s.box);
      await repo.setSms(tenantId, next, account, new Date(clock()));
      const after = viewSms(next, s.box, s.smsBy);
      await audit.change(caller, {
        target: '',
        before: { ...viewSms(s.sms, s.box, s.smsBy), updatedBy: undefined, updatedAt: undefined },
        after: { ...after, updatedBy: undefined, updatedAt: undefined },
      });
    },
    /**
     * A test SMS to the bound phone (or the one given), through the stored gateway: it says it is
     * a test, in the language of the tenant's messages (the warnings' setting).
     */
    async testSms(caller: Caller, b: { phone?: string | undefined }) {
      const s = await stored(caller.actor.tenantId);
      if (s.sms.mode === 'off') throw new AppError(NotifyErr.SmsOff);
      const phone = b.phone ?? s.sms.phone;
      if (!phone)
        throw new AppError(CommonErr.Invalid, { field: 'body.phone', detail: rule('required') });
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      try {
        const content = testSmsContent(s.sms, code, s.warn.language);
        const r = await send(s.sms, s.box, { content, phone, ip: caller.ip });
        await audit.change(caller, { target: phone, after: { status: r.status } });
        return { status: r.status, ms: r.ms };
      } catch (err) {
        sendFailure(err);
      }
    },
    async warn(caller: Caller): Promise<TWarnSettingsView> {
      const s = await stored(caller.actor.tenantId);
      return viewWarn(s.warn, s.box, s.warnBy);
    },
    async setWarn(caller: Caller, b: TWarnSettings) {
      const { tenantId, account } = caller.actor;
      const s = await stored(tenantId);
      checked(() => checkWarnSave(b, s.warn, outbound.refusedHost));
      // A whsec_ secret the receiver's library could not read would fail every message.
      if (b.webhookSecret !== '' && !webhookKey(b.webhookSecret))
        throw new AppError(CommonErr.Invalid, {
          field: 'body.webhookSecret',
          detail: rule('wrongFormat'),
        });
      const next = sealWarn(b, s.warn, s.box);
      if (b.enabled) await repo.startCursors();
      await repo.setWarn(tenantId, next, account, new Date(clock()));
      const strip = (v: TWarnSettingsView) => ({
        ...v,
        updatedBy: undefined,
        updatedAt: undefined,
      });
      await audit.change(caller, {
        target: '',
        before: strip(viewWarn(s.warn, s.box, s.warnBy)),
        after: strip(viewWarn(next, s.box, s.warnBy)),
      });
    },
    /** A test warning, queued now for every recipient of every channel that is on. */
    async testWarning(caller: Caller) {
      const { tenantId } = caller.actor;
      const { warn } = await stored(tenantId);
      const now = new Date(clock());
      const line = {
        cause: 'test' as const,
        subject: 'test',
        label: '',
        detail: {},
        openedAt: now.toISOString(),
        reminder: 1,
      };
      const deliveries = warn.enabled ? messagesFor(tenantId, warn, [line], now) : [];
      if (deliveries.length === 0) throw new AppError(NotifyErr.NoRecipients);
      await warnings.queue([], deliveries, now);
      await audit.change(caller, { target: '', after: { deliveries: deliveries.length } });
      return { deliveries: deliveries.length };
    },
    /**
     * The delivery log: each message's summary as it was sent (the tenant's language), its last
     * error in the reader's (`reasonIn`).
     */
    async deliveries(caller: Caller, q: TDeliveryQuery, locale: Locale): Promise<TList<TDelivery>> {
      const { rows, total } = await warnings.list(
        caller.actor.tenantId,
        { status: q.status, channel: q.channel },
        q.pageSize,
        (q.page - 1) * q.pageSize,
      );
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          channel: r.channel,
          target: r.channel === 'webhook' ? hostOf(r.target) : r.target,
          summary: r.summary,
          causes: r.causes as TDelivery['causes'],
          status: r.status,
          tries: r.tries,
          lastError: reasonIn(r.lastError, locale),
          createdAt: r.createdAt,
          sentAt: r.sentAt,
          nextAt: r.status === 'pending' ? r.nextAt : null,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
    /**
     * A login code by SMS through the tenant's gateway. False when the gateway is off (the code
     * then goes to the outbox, as before there was one); a gateway's refusal throws SmsError.
     */
    async sendLoginCode(tenantId: string, fill: SmsFill): Promise<boolean> {
      const { sms, box } = await stored(tenantId);
      if (sms.mode === 'off') return false;
      await send(sms, box, fill);
      return true;
    },
    /**
     * The tenant's secrets sealed again from one key to another (console/keys asks, when the
     * tenant's keys are initialised and when a new KEK becomes current: docs/keys.md).
     */
    async resealSecrets(tenantId: string, from: SecretBox, to: SecretBox) {
      await repo.reseal(tenantId, (row) => ({
        sms: resealSms(readSms(row.sms), from, to),
        warn: resealWarn(readWarn(row.warn), from, to),
      }));
    },
  };
}
export type NotifyService = ReturnType<typeof notifyService>;

/** A webhook's address as the log shows it: its host, not a token it may carry in its path. */
function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
