import { lazy, Suspense, useCallback, useState } from 'react';
import { Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONSOLE_PAGES } from '@edp/shared/api/console/pages';
import { opensFor } from '@edp/shared/api/define';
import { deviceOverview } from '@edp/shared/api/console/devices.calls';
import { overviewActivity } from '@edp/shared/api/console/overview.calls';
import { PageContainer } from '../../../components/page-container.tsx';
import { WhenNear } from '../../../components/when-near.tsx';
import { formatTime } from '../../../lib/format.ts';
import '../../admin-common/lib/admin-locales.ts';
import { useAdminUser, useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useRoleName } from '../../admin-common/lib/role-name.ts';
import './admin-home-page.css';
import { TAG } from '../../admin-common/lib/tag-colors.ts';

// The device figures and their texts load after the page's first paint (the home is measured
// by Lighthouse): no chart library, one small chunk.
const DeviceOverview = lazy(() => import('../components/device-overview.tsx'));
// The charts and ECharts come after that, in chunks of their own, and only once their place
// nears the window (below the first screen on a phone): the figures do not wait for the chart
// library, and the first load neither fetches nor runs it (issue 38).
const OverviewCharts = lazy(() => import('../components/overview-charts.tsx'));

/**
 * The console's home: who you are, your role and duties, the device figures of your groups
 * (every duty may read them; the duties' cards otherwise) and links to what your duties open.
 */
export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const user = useAdminUser();
  const roleName = useRoleName();
  const figures = useMayCall(deviceOverview);
  const activity = useMayCall(overviewActivity);
  // The charts look for their place only once the figures above them have their height.
  const [figuresDrawn, setFiguresDrawn] = useState(false);
  const figuresSettled = useCallback(() => setFiguresDrawn(true), []);
  if (!user) return null;
  const links = CONSOLE_PAGES.filter((page) => opensFor(page.access, user.menus));

  return (
    <PageContainer title={t('home.welcome', { name: user.fullName || user.account })}>
      {/* A list of terms drawn like antd's small bordered Descriptions, not that component: it
          measures the window's width once mounted and renders the page again at once, and with
          it every effect of the first render, in one long task on a slow phone. */}
      <dl className="admin-home__about">
        <div>
          <dt>{t('home.account')}</dt>
          <dd>{user.account}</dd>
        </div>
        <div>
          <dt>{t('home.role')}</dt>
          <dd>
            {roleName({ name: user.roleName, key: user.roleKey })}{' '}
            {user.userType === 1 && <Tag color={TAG.gold}>{t('home.super')}</Tag>}
          </dd>
        </div>
        <div>
          <dt>{t('home.duty')}</dt>
          <dd>
            {user.menus.map((m) => (
              <Tag key={m}>{t(`duties.${m}`)}</Tag>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('home.permission')}</dt>
          <dd>{user.permission ? t(`permission.${user.permission}`) : '—'}</dd>
        </div>
        {user.proxies.length > 0 && (
          <div className="admin-home__about-wide">
            <dt>{t('home.proxies')}</dt>
            <dd>
              {user.proxies.map((p) => (
                <Tag key={p.roleId}>
                  {t('home.proxyUntil', {
                    role: roleName({ name: p.roleName, key: p.roleKey }),
                    end: formatTime(p.endAt),
                  })}
                </Tag>
              ))}
            </dd>
          </div>
        )}
      </dl>
      <h2 className="admin-home__duty">{t('home.quickLinks')}</h2>
      {links.length === 0 ? (
        <p>{t('home.noLinks')}</p>
      ) : (
        <nav aria-label={t('home.quickLinks')}>
          <ul className="admin-home__links">
            {links.map((l) => (
              <li key={l.path}>
                <Link to={l.path}>{tm(l.name)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* Last on the page: the figures, then the charts, load after the first paint, and growing
          into their place then moves nothing of the page's own below them. */}
      {figures ? (
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <DeviceOverview
            canOpenDevices={links.some((l) => l.name === 'adminDevices')}
            onSettled={figuresSettled}
          />
        </Suspense>
      ) : null}
      {figures || activity ? (
        <WhenNear
          settled={!figures || figuresDrawn}
          fallback={<Skeleton active paragraph={{ rows: 6 }} />}
        >
          <OverviewCharts devices={figures} activity={activity} />
        </WhenNear>
      ) : null}
      {figures ? null : (
        // A CSS grid, not antd's Row and Col: their styles (every column width at every
        // breakpoint) cost the console's first paint about 100 ms of a phone's CPU.
        <div className="admin-home__duties">
          {user.menus.map((m) => (
            <section key={m} className="admin-home__card">
              <h2 className="admin-home__duty">{t(`duties.${m}`)}</h2>
              <p>{t(`dutyDesc.${m}`)}</p>
            </section>
          ))}
        </div>
      )}
    </PageContainer>
  );
}
