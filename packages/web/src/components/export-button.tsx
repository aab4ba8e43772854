import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@edp/shared/constants';
import { ApiError } from '../lib/http.ts';
import { loadMessage } from '../lib/toast.ts';

interface ExportButtonProps {
  /** How many rows the file will hold (the list's total); none: the button is disabled. */
  matching?: number;
  /** Downloads the list as filtered and sorted, in this format. */
  run: (format: ExportFormat) => Promise<unknown>;
  /** "Exporting 1,234 devices…", shown while the file comes. */
  runningText: (count: number) => string;
}

/**
 * "Export" with its formats (CSV, Excel): every row of a list as the page shows it, not only the
 * page. Disabled while nothing matches; while the file comes, the button spins and a notice says
 * how many rows it holds; a failure says why.
 */
export function ExportButton({ matching, run, runningText }: ExportButtonProps) {
  const { t } = useTranslation('common');
  const [running, setRunning] = useState<ExportFormat>();

  // antd's message loads on the first export, not with the list (lib/toast.ts); the notices
  // keep their order, each waiting on the same load.
  const start = async (format: ExportFormat) => {
    setRunning(format);
    const key = 'list-export';
    const notice = runningText(matching ?? 0);
    void loadMessage().then((toast) => toast.loading({ key, content: notice, duration: 0 }));
    try {
      await run(format);
      void loadMessage().then((toast) => toast.destroy(key));
    } catch (e) {
      const content = e instanceof ApiError && e.msg ? e.msg : t('export.failed');
      void loadMessage().then((toast) => toast.error({ key, content }));
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <Dropdown
      disabled={!matching || running !== undefined}
      trigger={['click']}
      menu={{
        items: EXPORT_FORMATS.map((format) => ({ key: format, label: t(`export.${format}`) })),
        onClick: ({ key }) => void start(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={running !== undefined}>
        {t('export.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
