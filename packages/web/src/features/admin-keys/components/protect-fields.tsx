import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProtectWith } from '../api/keys.ts';
import { isAgeRecipient, isPassphrase } from '../lib/key-rules.ts';

/** What the fields hold: the choice, the passphrase typed twice, or a recipient. */
export interface ProtectValues {
  kind: 'passphrase' | 'recipient';
  passphrase?: string;
  passphraseAgain?: string;
  recipient?: string;
}

/** The call's `protect` (or `deliver`) from the fields' values. */
export function toProtect(v: ProtectValues): ProtectWith {
  return v.kind === 'passphrase'
    ? { kind: 'passphrase', passphrase: v.passphrase ?? '' }
    : { kind: 'recipient', recipient: (v.recipient ?? '').trim() };
}

/**
 * What a share or a recovery file is encrypted to (docs/keys.md): a passphrase of 12 characters
 * or more, typed twice, or the holder's own age recipient (`age1…`). `name` is the form field
 * that holds them (`protect` of /kss/share/download, `deliver` of /kss/recovery/ask), so a
 * refusal the server names lands under its field.
 */
export function ProtectFields({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('adminKeys');
  const kind = Form.useWatch([name, 'kind']) as ProtectValues['kind'] | undefined;
  return (
    <>
      <Form.Item name={[name, 'kind']} label={label} initialValue="passphrase">
        <Radio.Group
          options={[
            { value: 'passphrase', label: t('myShare.byPassphrase') },
            { value: 'recipient', label: t('myShare.byRecipient') },
          ]}
        />
      </Form.Item>
      {kind === 'recipient' ? (
        <Form.Item
          name={[name, 'recipient']}
          label={t('myShare.recipient')}
          extra={t('myShare.recipientHelp')}
          rules={[
            { required: true, whitespace: true, message: t('myShare.recipientRequired') },
            {
              validator: (_, v: string | undefined) =>
                !v?.trim() || isAgeRecipient(v)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('myShare.recipientInvalid'))),
            },
          ]}
        >
          <Input autoComplete="off" spellCheck={false} placeholder="age1…" />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name={[name, 'passphrase']}
            label={t('myShare.passphrase')}
            extra={t('myShare.passphraseHelp')}
            rules={[
              { required: true, message: t('myShare.passphraseRequired') },
              {
                validator: (_, v: string | undefined) =>
                  !v || isPassphrase(v)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('myShare.passphraseShort'))),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name={[name, 'passphraseAgain']}
            label={t('myShare.passphraseAgain')}
            dependencies={[[name, 'passphrase']]}
            rules={[
              { required: true, message: t('myShare.passphraseRequired') },
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  !v || v === getFieldValue([name, 'passphrase'])
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('myShare.passphraseMismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </>
      )}
    </>
  );
}
