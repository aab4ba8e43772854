// Resolves *.localhost to this machine for Node, as many Linux machines do (RFC 6761; systemd's
// nss-myhostname) and Chromium does: the browser tests' tenants live on t<hex>.localhost, and
// the commands a console page shows name that address. Loaded with NODE_OPTIONS=--import by
// the tests that run those commands (engine-journey.spec.ts); nothing else changes.
import dns from 'node:dns';

const lookup = dns.lookup;
dns.lookup = function lookupLocalhost(host, ...rest) {
  return lookup.call(this, /\.localhost\.?$/i.test(host) ? '127.0.0.1' : host, ...rest);
};
