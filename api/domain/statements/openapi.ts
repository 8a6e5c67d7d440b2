// What the statement routes answer (routes.ts), named for /rest/openapi.json and the
// screens' generated types: tourist tax register and statement, VAT, results, balance,
// police register, INSEE survey. Money in cents, rates in basis points.
import { defineSchemas } from '../../http/define-route';

const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const date = { type: 'string', format: 'date' };
const strOrNull = { type: ['string', 'null'] };
const intOrNull = { type: ['integer', 'null'] };
const list = (items: object) => ({ type: 'array', items });
const obj = (properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const amounts = { exclVat: int, vat: int, inclVat: int };
const vatRow = obj({ rateBp: int, basis: { type: 'string', enum: ['receipts', 'sales'] }, ...amounts });

defineSchemas({
  TaxRegister: obj({
    from: date,
    to: date,
    rows: list(
      obj({
        occupancyId: int,
        bookingId: int,
        bookingCode: str,
        customer: str,
        place: strOrNull,
        arrival: date,
        departure: date,
        nights: int,
        persons: int,
        exemptPersons: int,
        exemptions: list(obj({ reason: str, persons: int, personNights: int })),
        taxablePersonNights: int,
        runs: list(obj({ rate: int, taxablePersons: int, nights: int, personNights: int, amount: int })),
        amountDue: int,
        amountBilled: int,
      }),
    ),
    amountDue: int,
    amountBilled: int,
  }),
  TaxStatement: obj({
    commune: str,
    communeCode: strOrNull,
    operatorNumber: strOrNull,
    establishment: str,
    siret: strOrNull,
    frequency: str,
    year: int,
    periods: list(
      obj({
        from: date,
        to: date,
        stays: int,
        nights: int,
        personNights: int,
        taxablePersonNights: int,
        rates: list(obj({ rate: int, personNights: int, amount: int })),
        exemptions: list(obj({ reason: str, personNights: int })),
        amountDue: int,
        amountBilled: int,
      }),
    ),
    total: obj({ personNights: int, taxablePersonNights: int, amountDue: int, amountBilled: int }),
  }),
  VatStatement: obj({
    year: int,
    months: list(
      obj({
        month: str,
        rows: list(vatRow),
        corrections: list(vatRow),
        outsideVat: int,
        unallocated: int,
        vatTotal: int,
      }),
    ),
    total: list(obj({ rateBp: int, ...amounts })),
    vatTotal: int,
    regime: { type: 'string', enum: ['normal', 'simplified'] },
    returns: list(
      obj({ form: { type: 'string', enum: ['CA3', 'CA12'] }, from: str, to: str, vat: int, dueMonth: str }),
    ),
  }),
  PeriodResult: obj({
    from: date,
    to: date,
    byType: list(obj({ lineType: int, label: str, ...amounts })),
    till: obj(amounts),
    byRate: list(obj({ rateBp: intOrNull, ...amounts })),
    sales: obj(amounts),
    payments: list(obj({ label: str, amount: int })),
    received: int,
  }),
  PeriodResultDetail: obj({
    from: date,
    to: date,
    rows: list(
      obj({
        id: int,
        number: str,
        kind: str,
        isDeposit: bool,
        date,
        customerName: strOrNull,
        bookingCode: strOrNull,
        totalExclVat: int,
        totalVat: int,
        totalInclVat: int,
        touristTaxAmount: intOrNull,
      }),
    ),
    total: obj(amounts),
    touristTax: int,
  }),
  Balance: obj({
    date,
    rows: list(
      obj({
        payerType: { type: 'string', enum: ['customer', 'partner'] },
        customerId: intOrNull,
        partnerId: intOrNull,
        billed: int,
        paid: int,
        code: strOrNull,
        name: str,
        balance: int,
      }),
    ),
    receivable: int,
    held: int,
  }),
  PoliceRegister: obj({
    from: date,
    to: date,
    keptSince: date,
    forms: list(
      obj({
        bookingId: int,
        bookingCode: str,
        arrival: date,
        departure: date,
        place: strOrNull,
        lastName: str,
        firstName: strOrNull,
        birthDate: strOrNull,
        birthPlace: strOrNull,
        nationality: str,
        address: str,
        phone: strOrNull,
        email: strOrNull,
        children: list(obj({ lastName: str, firstName: strOrNull, birthDate: strOrNull, nationality: strOrNull })),
        missing: list(str),
      }),
    ),
    unknownNationality: int,
    incomplete: int,
  }),
  InseeMonth: obj({
    month: str,
    days: int,
    categories: list(obj({ category: str, label: str, places: int, offered: int, occupied: int, rateBp: int })),
    byCountry: list(obj({ country: str, isoCode: strOrNull, arrivals: int, personArrivals: int, personNights: int })),
    total: obj({ arrivals: int, personArrivals: int, personNights: int, foreignPersonNights: int }),
  }),
});
