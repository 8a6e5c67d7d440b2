// Where each pointer of doc-pointers.mjs leads: the spec's sections (§N), the French
// rules (rules-fr §N) and the issues, each to the doc and heading that states it.
// ---------------------------------------------------------------------------------------
// Where each pointer leads. A rule matches on the pointer's section (or kind), on the
// words that follow it (`after`, the rest of the comment line) and on the file's path;
// the first matching rule wins, so the specific ones come first.

/** The spec's sections (§N) → rules. `path` and `after` are regular expressions. */
export const SECTION_RULES = {
  1: [{ target: 'docs/README.md#what-bivouac-does' }],
  2: [
    { after: /^\s*(«\s*)?(Admin|admin)\b/, target: 'docs/screens.md#admin' },
    { after: /^\s*(«\s*)?(Utilities|utilities|Utilitaires)\b/, target: 'docs/screens.md#utilities' },
    { after: /^\s*(«\s*)?(Mailing|Documents)\b/, target: 'docs/screens.md#documents-and-mail' },
    { after: /^\s*(«\s*)?"?Price"?\b/, target: 'docs/screens.md#price' },
    { after: /^\s*\/preference/, target: 'docs/screens.md#preferences' },
    { after: /^\s*(«\s*)?"?Statistics/, target: 'docs/screens.md#statistics' },
    { after: /^\s*(«\s*)?"?Residential/, target: 'docs/screens.md#residential' },
    { after: /^\s*(«\s*)?"?Sales/, target: 'docs/screens.md#sales' },
    { after: /^\s*(«\s*)?"?(Billing|Bill)/, target: 'docs/screens.md#billing-and-finance' },
    { after: /^\s*(«\s*)?"?(Bookings|Bookings and customers)/, target: 'docs/screens.md#bookings-and-customers' },
    { after: /^\s*(«\s*)?"?(Reference|reference data)/, target: 'docs/screens.md#reference-data' },
    { after: /^\s*(«\s*)?"?(Channel|channel mappings)/, target: 'docs/screens.md#channel-mappings' },
    { after: /^[^.]{0,40}(leaving|Behaviour on leaving)/, target: 'docs/screens.md#leaving-pages' },
    { after: /^[^.]{0,40}(menu|parent context|user submenu)/i, target: 'docs/screens.md#main-menu' },
    { after: /^[^.]{0,30}tiles?\b/, target: 'docs/screens.md#home-tiles' },
    { after: /^[^.]{0,30}\/?surety-list/, target: 'docs/screens.md#surety-reminders' },
    { path: /(^|\/)(layout|auth)\//, target: 'docs/screens.md#main-menu' },
    { path: /\/home\/|home-?tiles|Home/, target: 'docs/screens.md#home-tiles' },
    { path: /admin\/src\/pages|establishment\/|security\/|\/modules?\b/, target: 'docs/screens.md#admin' },
    { path: /surety/, target: 'docs/screens.md#surety-reminders' },
    { path: /(stays|bookings|customers|new-booking|booking)\//, target: 'docs/screens.md#bookings-and-customers' },
    {
      path: /(billing|accounting|ledger|fiscal|statements|vacaf|insurance)\//,
      target: 'docs/screens.md#billing-and-finance',
    },
    { path: /(sales|cash-register)\//, target: 'docs/screens.md#sales' },
    { path: /pricing\//, target: 'docs/screens.md#price' },
    { path: /(residential|meters)\//, target: 'docs/screens.md#residential' },
    { path: /(documents|mail)\//, target: 'docs/screens.md#documents-and-mail' },
    { path: /channels\//, target: 'docs/screens.md#channel-mappings' },
    { path: /statistics\//, target: 'docs/screens.md#statistics' },
    { path: /utilities\//, target: 'docs/screens.md#utilities' },
    { path: /(planning|plan)\//, target: 'docs/screens.md#general' },
    { path: /catalogue\/|reference\//, target: 'docs/screens.md#reference-data' },
    { target: 'docs/screens.md' },
  ],
  3: [
    { after: /^[^.]{0,20}(customer|attendant)/i, target: 'docs/entities.md#customers-and-attendants' },
    { after: /^\W{0,3}(Stay|booking)\b/i, target: 'docs/entities.md#stays' },
    { after: /^[^.]{0,20}(logged-in user|user)/i, target: 'docs/entities.md#users-and-rights' },
    { after: /^[^.]{0,20}(Pitch|equipment|image)/i, target: 'docs/entities.md#places-and-equipment' },
    { path: /customers?\//, target: 'docs/entities.md#customers-and-attendants' },
    { path: /(auth|security)\//, target: 'docs/entities.md#users-and-rights' },
    { path: /(catalogue|place)/, target: 'docs/entities.md#places-and-equipment' },
    { path: /establishment\//, target: 'docs/entities.md#establishment' },
    { path: /(documents|mail)\//, target: 'docs/entities.md#documents-and-mail' },
    { path: /(billing|sales|surety)\//, target: 'docs/entities.md#money' },
    { target: 'docs/entities.md' },
  ],
  4: [
    { after: /^[^.]{0,40}invoice kind/i, target: 'docs/billing.md#invoice-kinds' },
    { after: /^[^.]{0,40}\bbill/i, target: 'docs/billing.md#bills' },
    { after: /^[^.]{0,40}(cleaning|nettoyage)/i, target: 'docs/stays.md#cleaning-tasks' },
    { after: /^[^.]{0,30}(closure|clôture)/i, target: 'docs/ledger.md#closures' },
    { path: /(ledger|closure|fiscal)/, target: 'docs/ledger.md#closures' },
    { path: /(billing|bill)/, target: 'docs/billing.md#invoice-kinds' },
    { path: /(surety|guarantee)/, target: 'docs/billing.md#surety-and-guarantees' },
    { path: /cleaning/, target: 'docs/stays.md#cleaning-tasks' },
    { path: /(customers?|reference)\//, target: 'docs/stays.md#defaults-of-a-new-record' },
    { target: 'docs/stays.md#states-and-transitions' },
  ],
  5: [
    { after: /^[^.]{0,60}(cheque|card|payment)/i, target: 'docs/billing.md#payments' },
    { after: /^[^.]{0,60}(deletion|cancellation) requires/i, target: 'docs/stays.md#cancellation' },
    { path: /(billing|bill|sales|cash)/, target: 'docs/billing.md#validation' },
    { path: /(pricing|price)/, target: 'docs/pricing.md#validation' },
    { path: /(stays|booking|planning|new-booking)/, target: 'docs/stays.md#validation' },
    { target: 'docs/entities.md#validation' },
  ],
  6: [
    { after: /^[^.]{0,40}(shortcut|F\d)/i, target: 'docs/rights.md#keyboard-shortcuts' },
    { before: /(shortcut|F\d\b)[^.]{0,30}$/i, target: 'docs/rights.md#keyboard-shortcuts' },
    { after: /^[^.]{0,40}technical user/i, target: 'docs/rights.md#the-technical-user-and-administrators' },
    { target: 'docs/rights.md' },
  ],
  7: [{ target: 'docs/api.md' }],
  8: [
    { before: /(40[13]|toast|not logged in)[^.]{0,40}$/i, target: 'docs/errors.md#how-errors-are-shown' },
    { after: /^[^.]{0,10}(confirmation)/i, target: 'docs/errors.md#confirmations' },
    { target: 'docs/errors.md#messages' },
  ],
  9: [
    { after: /^[^.]{0,40}(line type|lineType)/i, target: 'docs/constants.md#bill-line-types' },
    { before: /(line ?types?|lineType)[^.]{0,20}$/i, target: 'docs/constants.md#bill-line-types' },
    { after: /^[^.]{0,40}(image|\.jpg)/i, target: 'docs/constants.md#formats-and-files' },
    { before: /(image|\.jpg|logos?)[^.]{0,20}$/i, target: 'docs/constants.md#formats-and-files' },
    { after: /^[^.]{0,40}(reminder|survey)/i, target: 'docs/constants.md#mail-and-reminders' },
    { path: /(documents|mail|surety)\//, target: 'docs/constants.md#mail-and-reminders' },
    { path: /(billing|bill|sales|cash|payment)/, target: 'docs/constants.md#payments-and-bills' },
    { path: /(pricing|price)/, target: 'docs/constants.md#prices' },
    { path: /statistics/, target: 'docs/constants.md#statistics' },
    { path: /(ledger|closure|fiscal)/, target: 'docs/constants.md#closures' },
    { target: 'docs/constants.md' },
  ],
};

/** rules-fr §N → the doc that states the rule in Bivouac's terms. */
export const RULES_FR = {
  1: 'docs/statements.md#tourist-tax',
  2: 'docs/billing.md#vat-and-invoice-mentions',
  3: 'docs/statements.md#insee-occupancy-survey',
  4: 'docs/statements.md#police-register',
  5: 'docs/billing.md#holiday-vouchers-and-aid',
  6: 'docs/statements.md#fec',
  7: 'docs/ledger.md',
  8: 'docs/residential.md',
  9: 'docs/pricing.md#pricing-practice',
};

/** issue N → the doc of the capability it built; cross-cutting ones → its entry in docs/history.md. */
export const ISSUES = {
  2: 'docs/entities.md',
  3: 'docs/rights.md',
  4: 'docs/stays.md',
  5: 'docs/pricing.md',
  6: 'docs/screens.md#general',
  13: 'docs/stays.md#preferences',
  14: 'docs/billing.md',
  15: 'docs/ledger.md',
  16: 'docs/billing.md#till-and-ancillary-sales',
  24: 'docs/statements.md',
  26: 'docs/residential.md',
  27: 'docs/statistics.md',
  28: 'docs/channels.md',
};
export const issueTarget = (n) => ISSUES[n] ?? `docs/history.md#issue-${n}`;

/** Every target the rules can give. */
export function ruleTargets() {
  const targets = new Set([...Object.values(RULES_FR), ...Object.values(ISSUES), 'docs/history.md']);
  for (const rules of Object.values(SECTION_RULES)) for (const r of rules) targets.add(r.target);
  for (const n of [2, 3, 4, 5, 6, 11, 12, 13, 14, 15, 16, 17, 18, 23, 24, 25, 26, 27, 28, 29, 30]) {
    targets.add(issueTarget(n));
  }
  return [...targets];
}
