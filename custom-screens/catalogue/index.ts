// Places, place types and partners: the custom edit screens that take the place of the
// generated ones (their lists and the other forms are generated).
import { named, withRight, type ScreenArea } from '../../admin/src/ui/registry';

const places = () => import('./PlaceScreens');
const placeTypes = () => import('./PlaceTypeScreens');
const partners = () => import('./PartnerScreens');

export const catalogueArea: ScreenArea = {
  name: 'catalogue',
  screens: [
    ...withRight('camp.pitch', [
      {
        path: '/place-list',
        load: named(places, 'PlaceList'),
        menu: { label: 'Emplacements', path: 'Fichiers/Hébergements' },
      },
      { path: '/place/:page/:placeId', load: named(places, 'PlaceEdit') },
      { path: '/place-type/:page/:placeTypeId', load: named(placeTypes, 'PlaceTypeEdit') },
    ]),
    ...withRight('customer.partner', [{ path: '/partner/:page/:partnerId', load: named(partners, 'PartnerEdit') }]),
  ],
  links: [
    {
      label: "Historique des types d'emplacement",
      to: '/place-type-history-list/0',
      functionality: 'camp.pitch',
      path: 'Fichiers/Hébergements',
    },
  ],
};
