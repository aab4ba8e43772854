import 'i18next';

// Namespaces register their own types through `ResourceNamespaceMap` (see resources.ts);
// only the scalar options live here.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
  }
}
