/** Frame of the static legal pages; lazy: registered by legal-document.tsx. */
const staticPages = {
  updated: '更新日期：{{date}}',
  effective: '生效日期：{{date}}',
  contents: '目录',
};

export default staticPages;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    static: typeof staticPages;
  }
}
