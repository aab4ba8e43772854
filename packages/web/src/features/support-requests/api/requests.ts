import { useQuery } from '@tanstack/react-query';
import {
  addRequest as addCall,
  myRequest,
  myRequests,
  replyToCustomer,
  replyToVendor,
  requestDetail,
  requestList,
  setRequestStatus,
  setTestStatus,
} from '@edp/shared/api/portal/requests.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/** Which side reads: a company its own requests, the vendor's team every one. */
export type Side = 'customer' | 'vendor';

export type RequestFilter = BodyOf<typeof requestList>;
export type RequestRow = DataOf<typeof requestList>['list'][number];
export type RequestDetail = DataOf<typeof requestDetail>;

const lists = [myRequests, requestList];
const details = [myRequest, requestDetail];

/** A keyset page of the side's requests; errors are shown on the page, not toasted. */
export function useRequests(side: Side, filter: RequestFilter) {
  const body = { ...filter, keyword: filter.keyword || undefined };
  return useQuery(callQuery(side === 'vendor' ? requestList : myRequests, body, { silent: true }));
}

export function useRequestDetail(side: Side, id: string) {
  return useQuery(
    callQuery(side === 'vendor' ? requestDetail : myRequest, { id }, { silent: true }),
  );
}

export function useAddRequest() {
  return useChange(
    (input: BodyOf<typeof addCall> & { successText: string }) => {
      const { successText, ...body } = input;
      return callApi(addCall, body, { success: successText });
    },
    [myRequests],
  );
}

export function useReply(side: Side) {
  return useChange(
    (input: {
      id: string;
      body: string;
      files: { fileName: string; data: string }[];
      successText: string;
    }) =>
      callApi(
        side === 'vendor' ? replyToCustomer : replyToVendor,
        { id: input.id, body: input.body, files: input.files },
        { success: input.successText },
      ),
    [...lists, ...details],
  );
}

export function useSetStatus() {
  return useChange(
    (input: BodyOf<typeof setRequestStatus> & { successText: string }) => {
      const { successText, ...body } = input;
      return callApi(setRequestStatus, body, { success: successText });
    },
    [...lists, ...details],
  );
}

export function useSetTestStatus() {
  return useChange(
    (input: BodyOf<typeof setTestStatus> & { successText: string }) => {
      const { successText, ...body } = input;
      return callApi(setTestStatus, body, { success: successText });
    },
    [...lists, ...details],
  );
}
