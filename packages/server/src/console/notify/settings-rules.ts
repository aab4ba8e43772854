import { NotifyErr } from '@edp/shared/errors';
import type { TSmsField, TSmsSettings, TWarnSettings } from '@edp/shared/contracts/notify';
import { addressMoved } from '@edp/shared/contracts/notify-address';
import type { StoredSms } from './stored-settings.ts';
import { checkGateway, checkUrlTemplate, fillUrl, GatewayRuleError } from './gateway-rules.ts';

/** Whether the deployment refuses an address without asking DNS (the outbound client's rule). */
type RefusedHost = (url: URL) => boolean;

/**
 * Refuses at save an address whose host is internal by itself (an internal IP literal however it
 * is spelt, or localhost). A name that resolves to one is refused when it is called: saving
 * cannot know what DNS will answer then.
 */
function checkAddress(template: string, refusedHost: RefusedHost) {
  const url = new URL(fillUrl(template, { content: 'c', phone: '1', ip: '203.0.113.7' }));
  if (refusedHost(url))
    throw new GatewayRuleError(
      NotifyErr.InternalAddress,
      { host: url.hostname },
      'refused: internal address',
    );
}

/** Refuses a save that would send stored secrets to a new address without their being retyped. */
function checkSecretsRetyped(moved: boolean, kept: string[]) {
  if (moved && kept.length > 0)
    throw new GatewayRuleError(
      NotifyErr.SecretsRequired,
      { fields: kept.join(', ') },
      'secrets required',
    );
}

/** Secret fields left empty that would keep a stored secret: by where they are, then key. */
const keptSecrets = (where: string, sent: readonly TSmsField[], old: readonly TSmsField[] = []) =>
  sent
    .filter(
      (f) => f.secret && f.value === '' && old.some((o) => o.key === f.key && o.secret && o.value),
    )
    .map((f) => `${where}.${f.key}`);

/**
 * The SMS settings as sent, against what is stored: the gateway's rules, no internal address, and
 * the secrets again when the address moves (docs/notifications.md). Throws GatewayRuleError.
 */
export function checkSmsSave(sent: TSmsSettings, before: StoredSms, refusedHost: RefusedHost) {
  if (sent.http) {
    checkGateway(sent.http);
    checkAddress(sent.http.url, refusedHost);
    checkSecretsRetyped(addressMoved(before.http?.url, sent.http.url), [
      ...keptSecrets('headers', sent.http.headers, before.http?.headers),
      ...keptSecrets('params', sent.http.params, before.http?.params),
    ]);
  }
  if (sent.cloud) {
    checkUrlTemplate(sent.cloud.endpoint, 'cloud.endpoint');
    checkAddress(sent.cloud.endpoint, refusedHost);
    const kept = sent.cloud.key === '' && !!before.cloud?.key;
    checkSecretsRetyped(
      addressMoved(before.cloud?.endpoint, sent.cloud.endpoint),
      kept ? ['cloud.key'] : [],
    );
  }
}

/** The warning settings' webhook: a parsable, non-internal address; its secret again if moved. */
export function checkWarnSave(
  sent: TWarnSettings,
  before: TWarnSettings,
  refusedHost: RefusedHost,
) {
  if (sent.webhookUrl === '') return;
  checkUrlTemplate(sent.webhookUrl, 'webhookUrl');
  checkAddress(sent.webhookUrl, refusedHost);
  const kept = sent.webhookSecret === '' && !!before.webhookSecret;
  checkSecretsRetyped(
    addressMoved(before.webhookUrl, sent.webhookUrl),
    kept ? ['webhookSecret'] : [],
  );
}
