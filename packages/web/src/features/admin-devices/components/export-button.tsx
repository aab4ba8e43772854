import { useState } from 'react';
import { Button, Dropdown, message } from 'antd';
import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '@edp/shared/constants';
import { ApiError } from '../../../lib/http.ts';
import { exportDevices } from '../api/export-devices.ts';
import type { DeviceListState } from '../lib/device-list-url.ts';

/**
 * "Export" with its formats (CSV, Excel): every device of the list as the page shows it, not
 * only the page. Disabled while nothing matches; while the file comes, the button spins and a
 * notice says how many devices it holds.
 */
export function ExportButton({ state, matching }: { state: DeviceListState; matching?: number }) {
  const { t } = useTranslation('adminDevices');
  const [running, setRunning] = useState<ExportFormat>();
  const [toast, holder] = message.useMessage();

  const run = async (format: ExportFormat) => {
    setRunning(format);
    const key = 'device-export';
    void toast.loading({
      key,
      content: t('export.running', { count: matching ?? 0 }),
      duration: 0,
    });
    try {
      await exportDevices(state, format);
      toast.destroy(key);
    } catch (e) {
      void toast.error({
        key,
        content: e instanceof ApiError && e.msg ? e.msg : t('export.failed'),
      });
    } finally {
      setRunning(undefined);
    }
  };

  return (
    <>
      {holder}
      <Dropdown
        disabled={!matching || running !== undefined}
        trigger={['click']}
        menu={{
          items: EXPORT_FORMATS.map((format) => ({ key: format, label: t(`export.${format}`) })),
          onClick: ({ key }) => void run(key as ExportFormat),
        }}
      >
        <Button icon={<DownloadOutlined />} loading={running !== undefined}>
          {t('export.button')} <DownOutlined />
        </Button>
      </Dropdown>
    </>
  );
}
