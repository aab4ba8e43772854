/** The public entry of this module: other modules import only from here. */
export {
  countOpenFiles,
  fileBudget,
  fileMargin,
  parseFileLimit,
  readFileLimit,
  type FileBudget,
} from './file-budget.ts';
