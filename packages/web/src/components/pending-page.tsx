import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuKey as RouteName } from '../locales/menu-key.ts';
import { PageContainer } from './page-container.tsx';

/**
 * A signed-in page whose content a later change adds: its heading inside the layout and an
 * empty state. Replace the page's body with the real content.
 */
export function PendingPage({ name }: { name: RouteName }) {
  const { t } = useTranslation('menu');
  const { t: tc } = useTranslation('common');
  return (
    <PageContainer title={t(name)}>
      <Empty description={tc('empty.noData')} />
    </PageContainer>
  );
}
