// The id of an existing record as a screen's address carries it: digits only, never 0
// (id 0 is « a new record » for the generic forms, and no bill, deposit or sale has it).
// A screen answers « introuvable » for anything else without asking the server.
const POSITIVE_ID = /^[1-9]\d*$/;

export const isPositiveId = (param: string | undefined): param is string => POSITIVE_ID.test(param ?? '');
