import type zh from '../zh-CN/home.lazy.ts';
import type { DeepString } from '../types.ts';

const home: DeepString<typeof zh> = {
  hero: {
    eyebrow: 'Endpoint data protection',
    title: 'EDP Endpoint Data Protection Console',
    lead: 'One place to manage licenses, engines and balance for the data-encryption, integrity and access-control engines running on your servers and terminals.',
    login: 'Log in',
    register: 'Register a company',
    console: 'Go to console',
  },
  engines: {
    heading: 'Protection engines',
    intro: 'One console for five kinds of protection engine.',
    TDE: {
      name: 'Transparent data encryption',
      description:
        'Encrypts files in protected directories transparently; data is unreadable outside the authorised environment.',
    },
    DI: {
      name: 'Data integrity',
      description: 'Watches critical data files and blocks unauthorised changes and deletion.',
    },
    DPI: {
      name: 'Data and program integrity',
      description:
        'Protects data and executables together: only authorised programs may run and write.',
    },
    PWE: {
      name: 'Access-control encryption (enhanced)',
      description:
        'Encryption driven by access-control policy, authorised per user and per program.',
    },
    PWO: {
      name: 'Access-control encryption (operations)',
      description:
        'Access-control encryption for operations work, with time-limited elevation and learning mode.',
    },
  },
  features: {
    heading: 'What the portal does',
    licence: {
      title: 'My license',
      description:
        'See license status, days remaining and renewal records, with a warning 30 days before expiry.',
    },
    device: {
      title: 'My engine',
      description:
        'Upload the request files your engines produce; download signed license certificates and elevation files.',
    },
    balance: {
      title: 'My balance',
      description:
        'Your balance is counted in months, topped up with recharge codes and deducted on issue.',
    },
  },
};

export default home;
