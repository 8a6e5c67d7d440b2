// The API client and the rights of the user, without the entity screens: what a screen
// that the entity form itself shows (record actions) imports, so that the kit's barrel
// (which holds EntityForm) is never on its import path.
export { api, API, type ApiInit } from '../api';
export { errorBody, errorText, type ErrorBody } from '../errors';
export { rest, restUrl, type MethodOf, type RestAnswer, type RestBody, type RestInit, type RestPath } from '../rest';
export {
  records,
  type EntityDraft,
  type EntityField,
  type EntityFilter,
  type EntityName,
  type EntityRecord,
  type ListQuery,
} from '../records';
export type { components } from '../generated/api-types';
export { useCan, useCurrentUser } from '../auth/useCan';
