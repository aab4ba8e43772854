import { Alert, Button, Spin, Tabs, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { engineFile } from '@edp/shared/api/engine/agent.calls';
import type { EngineKind } from '@edp/shared/constants';
import { engineCommands } from '@edp/shared/engine-commands';
import { callUrl } from '../../../lib/api.ts';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useEngineFile } from '../api/engine-file.ts';
import './enrol-secret.css';

interface EngineCommandsProps {
  /** The group's enrolment secret the engine enrols with. */
  secret: string;
  kind?: EngineKind;
  title: string;
  /** The level of the heading inside its host (a drawer: 2; a card: 3). */
  level: 2 | 3;
}

/**
 * How a machine gets this console's engine and enrols it: the file the console serves, with its
 * SHA-256, and the commands (shared/engine-commands.ts) that download it from here, check it,
 * enrol it and run it, in the terminal or as a systemd service. The console's address is the
 * one this page was reached at.
 */
export function EngineCommands({ secret, kind, title, level }: EngineCommandsProps) {
  const { t } = useTranslation('admin');
  const file = useEngineFile();
  const Heading = level === 2 ? 'h2' : 'h3';

  const copy = (text: string) =>
    void navigator.clipboard?.writeText(text).then(
      () => toastSuccess(t('actions.copied')),
      () => undefined,
    );

  let body;
  if (file.isLoading) body = <Spin />;
  else if (!file.data) {
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('engine.unavailable', { reason: file.error?.message ?? '' })}
      />
    );
  } else {
    const { fileName, size, sha256, builtAt } = file.data;
    const commands = engineCommands({ origin: window.location.origin, secret, sha256, kind });
    const shown = (text: string, testId: string, hint: string) => (
      <>
        <p>{hint}</p>
        <pre className="enrol-command" data-testid={testId}>
          {text}
        </pre>
        <Button icon={<CopyOutlined />} onClick={() => copy(text)}>
          {t('enrolSecret.copyCommand')}
        </Button>
      </>
    );
    body = (
      <>
        <p>
          {t('engine.file', {
            name: fileName,
            size: `${Math.max(1, Math.round(size / 1024))} KB`,
            time: formatTime(builtAt),
          })}{' '}
          <a href={callUrl(engineFile)} download={fileName}>
            <DownloadOutlined /> {t('engine.download')}
          </a>
        </p>
        <p>
          {t('engine.sha256')}{' '}
          <Typography.Text code copyable data-testid="engine-sha256">
            {sha256}
          </Typography.Text>
        </p>
        <Tabs
          items={[
            {
              key: 'run',
              label: t('engine.runTab'),
              children: shown(commands.run, 'enrol-command', t('engine.runHint')),
            },
            {
              key: 'service',
              label: t('engine.serviceTab'),
              children: shown(commands.service, 'enrol-service', t('engine.serviceHint')),
            },
          ]}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="engine-commands-title">
      <Heading id="engine-commands-title" className="enrol-secret__title">
        {title}
      </Heading>
      {body}
    </section>
  );
}
