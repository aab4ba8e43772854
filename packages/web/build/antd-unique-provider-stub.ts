import type { Plugin } from 'vite';

const STUB_ID = '\0edp:antd-unique-provider-stub';

/**
 * antd's ConfigProvider imports `tooltip/UniqueProvider` (and with it @rc-component/trigger,
 * ~10 KB gzip) but renders it only when `tooltip.unique` is configured, which this app never
 * does. Resolve that one import, from ConfigProvider only, to a pass-through component so it
 * stays off the first load of /login. Tooltips themselves keep the real code.
 * If `tooltip={{ unique: true }}` is ever set on ConfigProvider, remove this plugin.
 */
export function antdUniqueProviderStub(): Plugin {
  return {
    name: 'edp:antd-unique-provider-stub',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../tooltip/UniqueProvider' &&
        importer &&
        /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)
      ) {
        return STUB_ID;
      }
      return null;
    },
    load(id) {
      return id === STUB_ID
        ? 'export default function UniqueProvider(props) { return props.children; }'
        : null;
    },
  };
}
