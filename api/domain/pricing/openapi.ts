// Named schemas of the pricing routes, registered by ./routes.ts with defineSchemas
// and served in /rest/openapi.json. Pure data.
import { QUOTE_REQUEST_SCHEMA } from './request-schema';
import { closed, date, int, orNull, ref } from '../../http/schema-parts';

/**
 * A row of a grid's table as the version stored it (price_grid_version.snapshot): the columns of the day it
 * was saved, which a later migration may have changed; open, not a schema of today's columns.
 */
const STORED_ROW = { type: 'object', additionalProperties: true };
const cents = { type: 'integer', description: 'centimes d’euro' };
const nullableInt = { type: ['integer', 'null'] };

const { $id: _id, ...request } = QUOTE_REQUEST_SCHEMA;

/** A quote line (api/domain/pricing/types-quote.ts QuoteLine). */
const PARTNER_LINE = {
  lineType: {
    type: 'integer',
    description:
      'type de ligne de facture : 1 hébergement, 2 taxe de séjour, 4 animal, 5 véhicule, 6 occupant, 7 ' +
      'extra, 8 frais, 9 remise, 11 assurance, 12 offre spéciale, 13 commission',
  },
  label: { type: 'string' },
  quantity: int,
  unitPrice: cents,
  amount: { ...cents, description: 'quantity × unitPrice, TTC' },
  vatRateBp: {
    type: ['integer', 'null'],
    description: 'taux de TVA en points de base (1000 = 10 %) ; null = hors TVA',
  },
  vatAmount: cents,
  startDate: date,
  endDate: date,
  priceGridOptionId: nullableInt,
  ageCategoryId: nullableInt,
  extraId: nullableInt,
  animalTypeId: nullableInt,
  vehicleTypeId: nullableInt,
  specialOfferId: nullableInt,
  discountId: nullableInt,
  isManualPrice: { type: 'boolean', description: 'prix saisi à la main (avertissement PRICE_MANUALLY_CHANGED)' },
  computedAmount: {
    type: ['integer', 'null'],
    description: 'ce que la grille aurait facturé, gardé quand le prix est manuel',
  },
  strikeoutUnitPrice: { type: ['integer', 'null'], description: 'prix unitaire barré (offre « prix barré »)' },
};
/** A line of the customer's quote: its last-minute offer apart (StayQuoteLine). */
const QUOTE_LINE = { ...PARTNER_LINE, lastMinuteOfferId: nullableInt };

export const PRICING_SCHEMAS: Record<string, object> = {
  PricingQuoteRequest: {
    ...request,
    description:
      'Un séjour à chiffrer. La grille : priceGridId, sinon celle du type d’emplacement (placeTypeId, ou celui ' +
      'de placeId) : ' +
      'la grille propre du partenaire puis la grille publique active dont les périodes couvrent le plus de nuits. ' +
      'historyVersion : chiffrer avec une version antérieure de la grille. quoteDate : « aujourd’hui » ' +
      '(Europe/Paris) si absente. ' +
      'overrides : prix unitaires saisis à la main (priceGridOptionId null = l’hébergement, par nuit), gardés et ' +
      'signalés.',
  },
  PricingQuoteLine: closed(QUOTE_LINE),
  PricingPartnerLine: {
    ...closed(PARTNER_LINE),
    description:
      'une ligne de la facture du partenaire (commission) : une ligne de devis sans offre de dernière minute',
  },
  PricingQuote: {
    ...closed({
      priceGridId: int,
      placeTypeId: int,
      historyVersion: { type: 'integer', description: 'version de la grille utilisée' },
      startDate: date,
      endDate: date,
      nights: int,
      quoteDate: date,
      lines: { type: 'array', items: ref('PricingQuoteLine') },
      optionLines: {
        type: 'array',
        description: 'lignes de prix d’option : une par option de la grille, avec sa quantité et ses dates',
        items: closed({
          priceGridOptionId: int,
          label: { type: 'string' },
          ageCategoryId: nullableInt,
          extraId: nullableInt,
          animalTypeId: nullableInt,
          vehicleTypeId: nullableInt,
          isRequired: { type: 'boolean' },
          includedQuantity: int,
          quantity: int,
          startDate: date,
          endDate: date,
        }),
      },
      appliedSpecialOfferIds: { type: 'array', items: int },
      appliedLastMinuteOfferIds: { type: 'array', items: int },
      vatTotals: {
        type: 'array',
        items: closed({ vatRateBp: int, totalExclVat: cents, vatAmount: cents, totalInclVat: cents }),
      },
      total: { ...cents, description: 'somme des lignes (taxe de séjour comprise)' },
      totalVat: cents,
      totalExclVat: cents,
      touristTaxTotal: cents,
      touristTax: orNull(
        closed({
          mode: { type: 'integer', description: '1 au réel, 2 au forfait' },
          taxablePersons: int,
          exemptPersons: int,
          nights: int,
          amount: cents,
        }),
      ),
      downPayment: orNull(
        closed({
          kind: { type: 'integer', description: '1 arrhes, 2 acompte' },
          rateBp: int,
          amount: cents,
          dueDate: date,
          isFullPayment: { type: 'boolean' },
        }),
      ),
      balance: closed({ amount: cents, dueDate: date }),
      partnerLines: {
        type: 'array',
        items: ref('PricingPartnerLine'),
        description: 'commission du partenaire (facture partenaire, hors total client)',
      },
      partnerCommissionTotal: cents,
      warnings: { type: 'array', items: ref('PricingWarning') },
    }),
    description:
      'Le devis : lignes typées, TVA par ligne et par taux, taxe de séjour hors base de TVA, arrhes et solde, ' +
      'avertissements.',
  },
  PricingWarning: {
    type: 'object',
    description: 'Un avertissement du moteur ; subject : ce qu’il concerne (une option, une date…), null : le séjour.',
    required: ['code', 'message', 'subject'],
    properties: { code: { type: 'string' }, message: { type: 'string' }, subject: { type: ['string', 'null'] } },
  },
  PriceGridVersion: {
    type: 'object',
    description:
      'Une version enregistrée d’une grille : la grille, ses périodes, ses options et leurs prix tels qu’ils étaient.',
    required: ['historyVersion', 'isCurrent', 'grid', 'periods', 'options', 'prices'],
    properties: {
      historyVersion: int,
      isCurrent: { type: 'boolean' },
      grid: STORED_ROW,
      periods: { type: 'array', items: STORED_ROW },
      options: { type: 'array', items: STORED_ROW },
      prices: { type: 'array', items: STORED_ROW },
    },
  },
};
