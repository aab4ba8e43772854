import { Empty } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuKey } from '../locales/menu-key.ts';
import { AuthCard } from './auth-card.tsx';

interface PublicPendingPageProps {
  name: MenuKey;
  subtitle: string;
  backTo: string;
}

/** A public form page still to be built: heading, what it is for, and a way back. */
export function PublicPendingPage({ name, subtitle, backTo }: PublicPendingPageProps) {
  const { t } = useTranslation('menu');
  const { t: ta } = useTranslation('auth');
  return (
    <AuthCard title={t(name)} subtitle={subtitle} footer={<Link to={backTo}>{ta('toLogin')}</Link>}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
    </AuthCard>
  );
}
