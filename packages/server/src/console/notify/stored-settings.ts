import { z } from 'zod';
import type { ZSmsField } from '@edp/shared/contracts/notify';
import {
  WARNING_CAUSES,
  ZSmsCloud,
  ZSmsHttpFields,
  ZWarnSettings,
  type TSecretShown,
  type TSmsField,
  type TSmsSettings,
  type TSmsSettingsView,
  type TWarnSettings,
  type TWarnSettingsView,
} from '@edp/shared/contracts/notify';
import type { SecretBox } from '../../platform/keys/index.ts';

/**
 * The SMS gateway and the warning settings as notify_settings keeps them: the shapes the calls
 * take, with every secret sealed (a secret header or parameter's value, the cloud key, the
 * webhook's secret). What is stored is parsed again when read: a row an older release wrote
 * reads as the defaults rather than as a crash.
 */

const ZStoredSms = z.object({
  mode: z.enum(['off', 'http', 'cloud']),
  http: ZSmsHttpFields.nullable().default(null),
  cloud: ZSmsCloud.nullable().default(null),
  phone: z.string().default(''),
});
export type StoredSms = z.infer<typeof ZStoredSms>;

export const WARN_DEFAULTS: TWarnSettings = {
  enabled: false,
  maxReminders: 3,
  intervalMinutes: 60,
  language: 'zh-CN',
  timeZone: 'Asia/Shanghai',
  text: '',
  causes: [...WARNING_CAUSES],
  offlineMinutes: 30,
  channels: [],
  phones: [],
  emails: [],
  webhookUrl: '',
  webhookSecret: '',
};

export function readSms(raw: unknown): StoredSms {
  const parsed = ZStoredSms.safeParse(raw);
  return parsed.success ? parsed.data : { mode: 'off', http: null, cloud: null, phone: '' };
}

export function readWarn(raw: unknown): TWarnSettings {
  const parsed = ZWarnSettings.safeParse(raw ?? undefined);
  return parsed.success ? parsed.data : WARN_DEFAULTS;
}

/** A sealed value sealed again (`from` opens it, `to` seals it); one that does not open stays. */
const resealed = (v: string, from: SecretBox, to: SecretBox) => {
  const clear = v === '' ? null : from.open(v);
  return clear === null ? v : to.seal(clear);
};

/** Every secret of stored SMS settings sealed again (a tenant's keys changed: docs/keys.md). */
export function resealSms(stored: StoredSms, from: SecretBox, to: SecretBox): StoredSms {
  const again = (fields: readonly TSmsField[]) =>
    fields.map((f) => (f.secret ? { ...f, value: resealed(f.value, from, to) } : f));
  return {
    ...stored,
    http: stored.http && {
      ...stored.http,
      headers: again(stored.http.headers),
      params: again(stored.http.params),
    },
    cloud: stored.cloud && { ...stored.cloud, key: resealed(stored.cloud.key, from, to) },
  };
}

/** The webhook's secret sealed again. */
export const resealWarn = (warn: TWarnSettings, from: SecretBox, to: SecretBox): TWarnSettings => ({
  ...warn,
  webhookSecret: resealed(warn.webhookSecret, from, to),
});

/** A secret as it is shown again: the last four characters of a long one, never the rest. */
export function shown(clear: string | null): TSecretShown {
  if (!clear) return { set: false, hint: '' };
  return { set: true, hint: clear.length >= 12 ? `••••${clear.slice(-4)}` : '••••' };
}

/**
 * The settings to store from what was sent: new secrets sealed; a secret left empty keeps the
 * stored one (a field by its key, the cloud key by itself).
 */
export function sealSms(sent: TSmsSettings, before: StoredSms, box: SecretBox): StoredSms {
  const keep = (fields: readonly TSmsField[], old: readonly TSmsField[] = []) =>
    fields.map((f) => {
      if (!f.secret) return f;
      if (f.value !== '') return { ...f, value: box.seal(f.value) };
      const prior = old.find((o) => o.key === f.key && o.secret);
      return { ...f, value: prior?.value ?? '' };
    });
  return {
    mode: sent.mode,
    http: sent.http && {
      ...sent.http,
      headers: keep(sent.http.headers, before.http?.headers),
      params: keep(sent.http.params, before.http?.params),
    },
    cloud: sent.cloud && {
      ...sent.cloud,
      key: sent.cloud.key !== '' ? box.seal(sent.cloud.key) : (before.cloud?.key ?? ''),
    },
    phone: sent.phone,
  };
}

/** The gateway with its secrets opened, for sending. */
export function openSms(stored: StoredSms, box: SecretBox): StoredSms {
  const open = (fields: readonly TSmsField[]) =>
    fields.map((f) => (f.secret ? { ...f, value: box.open(f.value) ?? '' } : f));
  return {
    ...stored,
    http: stored.http && {
      ...stored.http,
      headers: open(stored.http.headers),
      params: open(stored.http.params),
    },
    cloud: stored.cloud && { ...stored.cloud, key: box.open(stored.cloud.key) ?? '' },
  };
}

/** The gateway as the settings page shows it: secrets by their hint alone. */
export function viewSms(
  stored: StoredSms,
  box: SecretBox,
  by: { updatedBy: string | null; updatedAt: string | null },
): TSmsSettingsView {
  const hide = (fields: readonly z.infer<typeof ZSmsField>[]) =>
    fields.map((f) =>
      f.secret ? { ...f, value: '', shown: shown(box.open(f.value)) } : { ...f, shown: null },
    );
  return {
    mode: stored.mode,
    http: stored.http && {
      ...stored.http,
      headers: hide(stored.http.headers),
      params: hide(stored.http.params),
    },
    cloud: stored.cloud && { ...stored.cloud, key: shown(box.open(stored.cloud.key)) },
    phone: stored.phone,
    ...by,
  };
}

export function sealWarn(sent: TWarnSettings, before: TWarnSettings, box: SecretBox) {
  return {
    ...sent,
    webhookSecret: sent.webhookSecret !== '' ? box.seal(sent.webhookSecret) : before.webhookSecret,
  };
}

export function viewWarn(
  stored: TWarnSettings,
  box: SecretBox,
  by: { updatedBy: string | null; updatedAt: string | null },
): TWarnSettingsView {
  return {
    ...stored,
    webhookSecret: shown(stored.webhookSecret ? box.open(stored.webhookSecret) : null),
    ...by,
  };
}
