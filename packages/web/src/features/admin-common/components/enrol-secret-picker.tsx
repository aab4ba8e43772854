import { useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Form, Input, Select, Space, Spin } from 'antd';
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { addEnrolSecret } from '@edp/shared/api/console/devices.calls';
import { ENROL_SECRET_PATTERN } from '@edp/shared/constants';
import type { TEnrolSecretItem } from '@edp/shared/contracts/devices';
import { LoadError } from '../../../components/load-error.tsx';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { formatDate } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import '../../../lib/dayjs-locale.ts';
import { useAddEnrolSecret, useEnrolSecrets } from '../api/enrol-secrets.ts';
import { useGroupList } from '../api/get-group-list.ts';
import { useMayCall } from '../lib/admin-user.ts';
import { FormModal } from './form-modal.tsx';
import './enrol-secret.css';

interface EnrolSecretPickerProps {
  groupId: string | undefined;
  /** What is shown once the secret is known: the commands that use it (EngineCommands). */
  children?: (secret: string) => ReactNode;
  /** The level of this section's headings inside its host (a drawer: 2; a card: 3). */
  level: 2 | 3;
}

interface NewSecret {
  name: string;
  expiresAt?: Dayjs | null;
}

/** The date picker's day as the end of that day, local time: the last moment it enrols. */
const endOfDay = (d: Dayjs) => d.endOf('day').toISOString();

/**
 * Which of a group's live enrolment secrets the commands use (the device centre's enrol drawer,
 * the installers page). The console keeps only a secret's SHA-256 (docs/decisions.md), so a
 * secret is shown once, when it is made here; for one made before, the operator pastes it (it
 * is checked against the four characters the console keeps) or makes a new one. The commands
 * (`children`) come once the secret is known.
 */
export function EnrolSecretPicker({ groupId, children, level }: EnrolSecretPickerProps) {
  const { t } = useTranslation('admin');
  const limits = useFieldLimits(addEnrolSecret);
  const canMake = useMayCall(addEnrolSecret);
  const secrets = useEnrolSecrets(groupId);
  const groups = useGroupList();
  const add = useAddEnrolSecret();
  const [form] = Form.useForm<NewSecret>();
  const [making, setMaking] = useState(false);
  const [chosenId, setChosenId] = useState<string>();
  const [pasted, setPasted] = useState('');
  // Secrets made here, by id: kept only while this view lives (never stored in the browser).
  const [madeHere, setMadeHere] = useState<ReadonlyMap<string, string>>(new Map());
  const Heading = level === 2 ? 'h2' : 'h3';

  if (!groupId) return null;
  if (secrets.isLoading) return <Spin />;
  if (secrets.isError)
    return (
      <LoadError
        title={t('enrolSecret.loadError')}
        error={secrets.error}
        onRetry={() => void secrets.refetch()}
      />
    );

  const live = (secrets.data?.list ?? []).filter((s) => s.state === 'live');
  // The one chosen, else the newest made on this page, else the newest live one.
  const chosen =
    live.find((s) => s.id === chosenId) ?? live.find((s) => madeHere.has(s.id)) ?? live[0];
  const known = chosen ? madeHere.get(chosen.id) : undefined;
  const groupName = groups.data?.list.find((g) => g.id === groupId)?.name ?? '';

  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => toastSuccess(t('actions.copied')),
      () => undefined,
    );

  const choose = (id: string) => {
    setChosenId(id);
    setPasted('');
  };

  const make = async (values: NewSecret) => {
    const made = await add.mutateAsync({
      groupId,
      name: values.name,
      ...(values.expiresAt ? { expiresAt: endOfDay(values.expiresAt) } : {}),
    });
    setMadeHere((m) => new Map(m).set(made.id, made.secret));
    choose(made.id);
    setMaking(false);
  };

  const openNew = () => {
    form.resetFields();
    form.setFieldsValue({ name: `${groupName} ${dayjs().format('YYYY-MM-DD')}`.trim() });
    setMaking(true);
  };

  const optionLabel = (s: TEnrolSecretItem) =>
    s.expiresAt
      ? t('enrolSecret.optionExpires', {
          name: s.name,
          hint: s.hint,
          time: formatDate(s.expiresAt),
        })
      : t('enrolSecret.option', { name: s.name, hint: s.hint });

  // A pasted secret must be one and end as the chosen one does.
  const trimmed = pasted.trim();
  const pasteProblem = !trimmed
    ? undefined
    : !ENROL_SECRET_PATTERN.test(trimmed)
      ? t('enrolSecret.pasteInvalid')
      : chosen && !trimmed.endsWith(chosen.hint)
        ? t('enrolSecret.pasteWrong', { name: chosen.name, hint: chosen.hint })
        : undefined;
  const secret = known ?? (trimmed && !pasteProblem ? trimmed : undefined);

  return (
    <section aria-labelledby="enrol-secret-title">
      <Heading id="enrol-secret-title" className="enrol-secret__title">
        {t('enrolSecret.secret')}
      </Heading>
      {live.length === 0 ? (
        <p>{canMake ? t('enrolSecret.none') : t('enrolSecret.noneReadOnly')}</p>
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('enrolSecret.pick')} htmlFor="enrol-secret-pick">
            <Select
              id="enrol-secret-pick"
              placeholder={t('enrolSecret.pickPlaceholder')}
              value={chosen?.id}
              onChange={choose}
              options={live.map((s) => ({ value: s.id, label: optionLabel(s) }))}
            />
          </Form.Item>
          {chosen && !known && (
            <Form.Item
              label={t('enrolSecret.paste')}
              htmlFor="enrol-secret-paste"
              validateStatus={pasteProblem ? 'error' : undefined}
              help={
                pasteProblem ?? t('enrolSecret.pasteHelp', { name: chosen.name, hint: chosen.hint })
              }
            >
              <Input.Password
                id="enrol-secret-paste"
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                placeholder={`edp_enrol_…${chosen.hint}`}
                value={pasted}
                onChange={(e) => setPasted(e.target.value)}
              />
            </Form.Item>
          )}
        </Form>
      )}
      {known && (
        <>
          <Alert
            type="warning"
            showIcon
            title={t('enrolSecret.shownOnce')}
            style={{ marginBottom: 12 }}
          />
          <pre className="enrol-command" data-testid="enrol-secret">
            {known}
          </pre>
        </>
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        {known && (
          <Button icon={<CopyOutlined />} onClick={() => copy(known)}>
            {t('enrolSecret.copySecret')}
          </Button>
        )}
        {canMake && (
          <Button
            icon={<KeyOutlined />}
            type={live.length === 0 ? 'primary' : 'default'}
            onClick={openNew}
          >
            {t('enrolSecret.create')}
          </Button>
        )}
      </Space>
      {!canMake && <Alert type="info" showIcon title={t('enrolSecret.readOnly')} />}
      {secret && children?.(secret)}
      {making && (
        <FormModal<NewSecret>
          open={making}
          title={t('enrolSecret.createTitle')}
          form={form}
          name="enrol-secret-new"
          pending={add.isPending}
          onCancel={() => setMaking(false)}
          onSubmit={make}
        >
          <Form.Item
            name="name"
            label={t('enrolSecret.name')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('profile.required', { field: t('enrolSecret.name') }),
              },
              ...limits('name'),
            ]}
          >
            <Input placeholder={t('enrolSecret.namePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="expiresAt"
            label={t('enrolSecret.expires')}
            extra={t('enrolSecret.expiresHint')}
          >
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
            />
          </Form.Item>
        </FormModal>
      )}
    </section>
  );
}
