import type zh from '../zh-CN/static.lazy.ts';
import type { DeepString } from '../types.ts';

const staticPages: DeepString<typeof zh> = {
  updated: 'Last updated: {{date}}',
  effective: 'Effective: {{date}}',
  contents: 'Contents',
};

export default staticPages;
