import type { Plugin } from 'vite';

const TABLE = /[\\/]@rc-component[\\/]table[\\/]es[\\/]Table\.js$/;

const MEASURE_ON_MOUNT = `  useLayoutEffect(() => {
    if (!tailor || !useInternalHooks) {`;
const MEASURE_WHEN_USED = `  const edpMeasureScrollbar = !!(fixHeader || isSticky);
  useLayoutEffect(() => {
    if (edpMeasureScrollbar && (!tailor || !useInternalHooks)) {`;
const MOUNT_DEPS = `        setScrollbarSize(getTargetScrollBarSize(scrollBodyContainerRef.current).width);
      }
    }
  }, []);`;
const USE_DEPS = `        setScrollbarSize(getTargetScrollBarSize(scrollBodyContainerRef.current).width);
      }
    }
  }, [edpMeasureScrollbar]);`;

/**
 * antd's table (@rc-component/table) measures the scroll bar of its body when it mounts, every
 * table and every time: it adds a style sheet to the document, a probe element, reads its
 * layout, then removes both (`getTargetScrollBarSize`), so the browser restyles and lays out the
 * whole page twice in the middle of React's commit. The width is used only by a table with a
 * fixed header (`scroll.y`) or a sticky one. On the device list's first load on a slowed phone
 * that was about a quarter of the page's main-thread work (Lighthouse's trace,
 * docs/decisions.md, issue 38). Here the measure runs only for those tables, and again if a
 * table becomes one; a table without them never reads the width.
 *
 * The build stops if the code it changes is not found, so that an upgrade of the table is
 * looked at again rather than silently measured on every mount.
 */
export function tableScrollbarMeasure(): Plugin {
  return {
    name: 'edp:table-scrollbar-measure',
    apply: 'build',
    transform(code, id) {
      if (!TABLE.test(id)) return null;
      if (!code.includes(MEASURE_ON_MOUNT) || !code.includes(MOUNT_DEPS)) {
        throw new Error(
          `${id}: the scroll bar's measure on mount has changed; see build/table-scrollbar-measure.ts`,
        );
      }
      return {
        code: code.replace(MEASURE_ON_MOUNT, MEASURE_WHEN_USED).replace(MOUNT_DEPS, USE_DEPS),
        map: null,
      };
    },
  };
}
