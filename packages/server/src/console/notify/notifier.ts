import { randomUUID } from 'node:crypto';
import type { Locale } from '@edp/shared/errors';
import type { TWarningChannel, TWarnSettings } from '@edp/shared/contracts/notify';
import { whileExclusive } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import type { SecretBox } from '../../platform/keys/index.ts';
import type { OutboundClient } from '../../platform/outbound/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { notifyRepository } from './notify-repository.ts';
import { warningRepository, type DeliveryRow, type NewDelivery } from './warning-repository.ts';
import { composeMessages, type WarningLine } from './messages.ts';
import { isKnownFailure, logReason } from './send-errors.ts';
import { sendSms, type SmsFill } from './sms-sender.ts';
import { openSms, readSms, readWarn } from './stored-settings.ts';
import { postWebhook } from './webhook.ts';

/** How often the notifier looks for new causes and due messages: a warning's 5 s budget. */
export const NOTIFY_EVERY_MS = 1_000;
/** How often the slow conditions (licences, silent devices) and the closing of gone causes run. */
export const SWEEP_EVERY_MS = 60_000;
/** A licence warns this many days before it ends (SPEC §9). */
export const LICENCE_WARN_DAYS = 30;
/**
 * A source's rows may commit out of order (ids and times are taken before the commit): the
 * stored cursor trails what was read by this long, and each sweep reads again from it.
 */
export const CURSOR_LAG_MS = 60_000;
/** Alerts read in one pass. */
const ALERTS_A_PASS = 5_000;
/** Warnings turned into messages in one pass (each tenant's in one message a recipient). */
const WARNINGS_A_PASS = 1_000;
/** Messages sent in one pass, at most this many at a time. */
const SENDS_A_PASS = 50;
/** A message being sent is held from other nodes this long. */
const HOLD_MS = 60_000;
/** Tries of a message before it is given up; the waits between them double from 5 s. */
export const MAX_TRIES = 6;
export const backoffMs = (tries: number) => Math.min(5_000 * 2 ** (tries - 1), 600_000);
/** The delivery log keeps 90 days. */
const KEEP_MS = 90 * 86_400_000;
/** The PostgreSQL advisory lock of the notifier ('edpn'): one node at a time. */
const NOTIFY_LOCK = 0x6564706e;

export interface PassReport {
  opened: number;
  queued: number;
  sent: number;
  failed: number;
}

type Deps = Pick<Platform, 'db' | 'clock' | 'log' | 'mailer'> & {
  /** A tenant's box of sealed secrets (under its KEK once initialised: console/keys). */
  boxOf: (tenantId: string) => Promise<SecretBox>;
  outbound: OutboundClient;
};

/** The recipients of one channel in a tenant's settings. */
function recipients(warn: TWarnSettings, channel: TWarningChannel): string[] {
  if (!warn.channels.includes(channel)) return [];
  if (channel === 'sms') return warn.phones;
  if (channel === 'email') return warn.emails;
  return warn.webhookUrl ? [warn.webhookUrl] : [];
}

/**
 * The messages of one batch of a tenant's warnings: one for each recipient of each channel that
 * is on (docs/notifications.md "Messages").
 */
export function messagesFor(
  tenantId: string,
  warn: TWarnSettings,
  lines: readonly WarningLine[],
  now: Date,
): NewDelivery[] {
  const m = composeMessages(
    lines,
    {
      language: warn.language as Locale,
      timeZone: warn.timeZone,
      text: warn.text,
      tenant: tenantId,
    },
    now,
  );
  const causes = [...new Set(lines.map((l) => l.cause))];
  const { summary } = m;
  const out: NewDelivery[] = [];
  for (const phone of recipients(warn, 'sms')) {
    const fill: SmsFill = { content: m.sms, phone, ip: m.ip };
    out.push({
      tenantId,
      channel: 'sms',
      target: phone,
      body: JSON.stringify(fill),
      summary,
      causes,
    });
  }
  for (const to of recipients(warn, 'email'))
    out.push({
      tenantId,
      channel: 'email',
      target: to,
      body: JSON.stringify({ subject: m.subject, text: m.mail, language: warn.language }),
      summary,
      causes,
    });
  for (const url of recipients(warn, 'webhook'))
    out.push({
      tenantId,
      channel: 'webhook',
      target: url,
      body: JSON.stringify(m.webhook(randomUUID())),
      summary,
      causes,
    });
  return out;
}

/**
 * Warnings from cause to message (docs/notifications.md): every second, one node at a time, it
 * opens warnings for new alerts, failed tasks and pending reviews, and each minute for licences
 * ending and devices gone silent, closing those whose cause is gone; it turns the due warnings
 * of each tenant into one message a recipient (the first, then reminders at the least interval
 * up to the most reminders), and sends the due messages, retrying a failed one with back-off
 * until MAX_TRIES.
 */
export function notifier(deps: Deps) {
  const { db, clock, log } = deps;
  const settings = notifyRepository(db);
  const repo = warningRepository(db);
  /** Per source: the position read up to, and the positions read a while ago (the lag). */
  const heads = new Map<string, number>();
  const trail = new Map<string, { at: number; position: number }[]>();
  let lastSweep = Number.NEGATIVE_INFINITY;

  /** Reads a growing source from this node's head (or the stored cursor) and moves both on. */
  async function advance(
    source: 'alerts' | 'tasks',
    now: number,
    fromStored: boolean,
    read: (after: number) => Promise<number | null>,
  ) {
    const stored = await settings.cursor(source);
    // No tenant ever turned warnings on (that sets the cursors): nothing to read.
    if (stored === null) return;
    const after = fromStored ? stored : Math.max(stored, heads.get(source) ?? stored);
    const head = await read(after);
    if (head !== null && head > (heads.get(source) ?? Number.NEGATIVE_INFINITY)) {
      heads.set(source, head);
      const t = trail.get(source) ?? [];
      t.push({ at: now, position: head });
      trail.set(source, t);
    }
    const t = trail.get(source) ?? [];
    let floor: number | undefined;
    while (t.length > 0 && t[0]!.at <= now - CURSOR_LAG_MS) floor = t.shift()!.position;
    if (floor !== undefined && floor > stored) await settings.setCursor(source, floor);
  }

  async function openAndClose(now: Date): Promise<void> {
    const ms = now.getTime();
    const sweep = ms - lastSweep >= SWEEP_EVERY_MS;
    await advance('alerts', ms, sweep, (after) => repo.openAlerts(after, now, ALERTS_A_PASS));
    await advance('tasks', ms, sweep, (after) => repo.openFailedTasks(after, now));
    await repo.openReviews(now);
    if (!sweep) return;
    lastSweep = ms;
    await repo.openLicences(now, LICENCE_WARN_DAYS);
    await repo.openOffline(now);
    await repo.closeGone(now, LICENCE_WARN_DAYS);
    await repo.deleteBefore(new Date(ms - KEEP_MS), 5_000);
  }

  async function queueDue(now: Date): Promise<number> {
    const due = await repo.due(now, WARNINGS_A_PASS);
    if (due.length === 0) return 0;
    const byTenant = new Map<string, typeof due>();
    for (const w of due) {
      const list = byTenant.get(w.tenantId);
      if (list) list.push(w);
      else byTenant.set(w.tenantId, [w]);
    }
    const deliveries: NewDelivery[] = [];
    for (const [tenantId, list] of byTenant) {
      const warn = readWarn(list[0]!.warn);
      const lines: WarningLine[] = list.map((w) => ({
        cause: w.cause,
        subject: w.subject,
        label: w.label,
        detail: w.detail,
        openedAt: w.openedAt,
        reminder: w.sentCount + 1,
      }));
      deliveries.push(...messagesFor(tenantId, warn, lines, now));
    }
    await repo.queue(
      due.map((w) => w.id),
      deliveries,
      now,
    );
    return deliveries.length;
  }

  /** A tenant's settings, read once a pass however many of its messages are sent. */
  type SettingsOf = (tenantId: string) => ReturnType<typeof settings.get>;

  async function send(d: DeliveryRow, settingsOf: SettingsOf): Promise<boolean> {
    const tries = d.tries + 1;
    try {
      const row = await settingsOf(d.tenantId);
      if (d.channel === 'sms') {
        const sms = openSms(readSms(row?.sms), await deps.boxOf(d.tenantId));
        await sendSms(deps.outbound, sms, JSON.parse(d.body) as SmsFill, new Date(clock()));
      } else if (d.channel === 'email') {
        const mail = JSON.parse(d.body) as { subject: string; text: string; language: string };
        await deps.mailer.send({ to: d.target, ...mail });
      } else {
        const warn = readWarn(row?.warn);
        const box = await deps.boxOf(d.tenantId);
        const secret = warn.webhookSecret ? (box.open(warn.webhookSecret) ?? '') : '';
        const id = (JSON.parse(d.body) as { id: string }).id;
        await postWebhook(deps.outbound, d.target, secret, id, d.body, new Date(clock()));
      }
      await repo.sent(d.id, tries, new Date(clock()));
      return true;
    } catch (err) {
      const next = tries >= MAX_TRIES ? null : new Date(clock() + backoffMs(tries));
      // The deployment's own mail server may say why; a tenant's address gets a short reason only.
      const reason =
        d.channel === 'email' && err instanceof Error ? err.message.slice(0, 200) : logReason(err);
      log.warn(
        {
          delivery: d.id,
          channel: d.channel,
          tries,
          reason,
          ...(isKnownFailure(err) ? {} : { err }),
        },
        next ? 'warning message not sent: tried again later' : 'warning message given up',
      );
      await repo.failed(d.id, tries, reason, next);
      return false;
    }
  }

  async function run(): Promise<PassReport> {
    const report: PassReport = { opened: 0, queued: 0, sent: 0, failed: 0 };
    const now = new Date(clock());
    await whileExclusive(db, NOTIFY_LOCK, async () => {
      await openAndClose(now);
      report.queued = await queueDue(now);
      const claimed = await repo.claim(now, new Date(now.getTime() + HOLD_MS), SENDS_A_PASS);
      const read = new Map<string, ReturnType<SettingsOf>>();
      const settingsOf: SettingsOf = (tenantId) => {
        let row = read.get(tenantId);
        if (!row) read.set(tenantId, (row = settings.get(tenantId)));
        return row;
      };
      const results = await Promise.all(claimed.map((d) => send(d, settingsOf)));
      report.sent = results.filter(Boolean).length;
      report.failed = results.length - report.sent;
    });
    return report;
  }

  let chain: Promise<unknown> = Promise.resolve();
  /**
   * One pass after any under way: the job `notifier` (jobs.ts) every NOTIFY_EVERY_MS, and tests
   * with their clock.
   */
  const pass = (): Promise<PassReport> => {
    const next = chain.then(run);
    chain = next.catch(() => undefined);
    return next;
  };
  return { pass };
}
export type Notifier = ReturnType<typeof notifier>;

/** The notifier's job (jobs.ts); a pass takes NOTIFY_LOCK itself, one node at a time. */
export const NOTIFIER_JOB = 'notifier';
export const notifierJob = (n: Notifier): JobDefinition => ({
  name: NOTIFIER_JOB,
  everyMs: NOTIFY_EVERY_MS,
  run: () => n.pass(),
});
