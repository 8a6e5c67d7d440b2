// Price grids, offers and fees (stay.price).
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const offers = () => import('./SpecialOffers');
const others = () => import('./OtherScreens');
const yieldRules = () => import('./YieldRules');
const menu = (label: string) => ({ label, path: 'Fichiers/Tarifs' });

export const pricingArea: ScreenArea = {
  name: 'pricing',
  screens: withRight('stay.price', [
    { path: '/price/grid-list', load: () => import('./GridList'), menu: menu('Grilles tarifaires') },
    {
      path: '/price/grid/:priceGridId/:priceGridModeleId/:placeTypeId/:historyVersion',
      load: () => import('./GridScreen'),
    },
    {
      path: '/price/period/:priceGridPeriodId/grid/:priceGridId/:historyVersion',
      load: () => import('./PeriodScreen'),
    },
    {
      path: '/price/option/:priceGridOptionId/grid/:priceGridId/:historyVersion',
      load: () => import('./OptionScreen'),
    },
    { path: '/special-offer-list', load: named(offers, 'SpecialOfferList'), menu: menu('Offres spéciales') },
    { path: '/special-offer/:specialOfferId', load: named(offers, 'SpecialOfferEdit') },
    { path: '/dmds-offer/:specialOfferId', load: named(offers, 'DmdsOfferEdit') },
    {
      path: '/last-minute-offer-list',
      load: named(others, 'LastMinuteOfferList'),
      menu: menu('Offres de dernière minute'),
    },
    { path: '/last-minute-offer/:lastMinuteOfferId', load: named(others, 'LastMinuteOfferEdit') },
    { path: '/booking-fee-list', load: named(others, 'BookingFeeList'), menu: menu('Frais de dossier') },
    { path: '/booking-fee/:bookingFeeId', load: named(others, 'BookingFeeEdit') },
    { path: '/yield-rule-list', load: named(yieldRules, 'YieldRuleList'), menu: menu('Règles de yield') },
    { path: '/yield-rule/:yieldRuleId', load: named(yieldRules, 'YieldRuleEdit') },
    { path: '/yield-preview', load: () => import('./YieldPreview'), menu: menu('Yield : aperçu et application') },
  ]),
  links: [
    { label: 'Journal du yield', to: '/yield-journal-list', functionality: 'stay.price', path: 'Fichiers/Tarifs' },
  ],
};
