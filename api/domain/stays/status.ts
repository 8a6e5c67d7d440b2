// The booking kinds and statuses live in common/stay-status.ts (the screens use them
// too); the stays module and its tests import them from here.
export * from '../../../common/stay-status';
