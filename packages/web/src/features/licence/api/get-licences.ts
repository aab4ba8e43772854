import { useQuery } from '@tanstack/react-query';
import { licenceList } from '@edp/shared/api/portal/licences.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type LicenceFilter = BodyOf<typeof licenceList>;

export function getLicences(filter: LicenceFilter) {
  return callApi(licenceList, filter);
}

export const licencesQuery = (filter: LicenceFilter) => callQuery(licenceList, filter);

export function useLicences(filter: LicenceFilter) {
  return useQuery(licencesQuery(filter));
}
