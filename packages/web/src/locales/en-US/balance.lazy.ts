import type zh from '../zh-CN/balance.lazy.ts';
import type { DeepString } from '../types.ts';

const balance: DeepString<typeof zh> = {
  current: 'Current balance',
  monthsUnit: 'months',
  recharge: 'Recharge',
  history: 'Balance history',
  empty: 'No balance changes yet',
  columns: {
    createdAt: 'Time',
    type: 'Type',
    change: 'Change (months)',
    balanceAfter: 'Balance after (months)',
    detail: 'Details',
  },
  types: {
    recharge: 'Recharge',
    issue: 'License issued',
  },
  detail: {
    package: 'Package: {{name}}',
    issue: 'License {{code}} · device {{device}} · {{kind}}',
  },
  rechargeForm: {
    intro: 'Enter a recharge code from the vendor. The balance is counted in months.',
    code: 'Recharge code',
    placeholder: 'XXXX-XXXX-XXXX-XXXX',
    hint: '16 letters or digits; case and dashes do not matter',
    required: 'Please enter the recharge code',
    invalid: 'A recharge code looks like XXXX-XXXX-XXXX-XXXX',
    submit: 'Recharge',
  },
  rechargeDone: {
    title: 'Recharged',
    subTitle: '{{months}} months added; the balance is now {{balance}} months.',
    toBalance: 'View balance',
    again: 'Recharge again',
  },
};

export default balance;
