// The user guide's sections (docs/guide/<id>.md), task by task, and the screens each
// one explains: the « ? » of a screen opens the section of the longest route prefix
// matching its address; a screen no section names opens « Premiers pas » (lists,
// forms and the menu, which every screen shares).

export interface GuideSection {
  id: string;
  title: string;
  routes: string[];
}

export const GUIDE_SECTIONS: GuideSection[] = [
  { id: 'premiers-pas', title: 'Premiers pas', routes: ['/home'] },
  {
    id: 'saison',
    title: 'Ouvrir la saison',
    routes: ['/price', '/special-offer', '/dmds-offer', '/last-minute-offer', '/booking-fee', '/place'],
  },
  {
    id: 'reservation',
    title: 'Prendre une réservation',
    routes: ['/new-booking', '/search-availability', '/booking-list', '/booking-cancelled-list', '/booking/'],
  },
  {
    id: 'arrivees-departs',
    title: 'Arrivées et départs',
    routes: [
      '/booking-arrival-list',
      '/booking-departure-list',
      '/booking-departure-cleanning',
      '/occupation-list',
      '/planning',
      '/plan',
      '/cleanning-planning',
      '/extra-planning',
    ],
  },
  {
    id: 'caisse',
    title: 'La caisse et les ventes',
    routes: ['/sale-cash-register', '/vente-annexe', '/cash-fund', '/expenses-list', '/injections-list', '/gift'],
  },
  {
    id: 'factures',
    title: 'Factures et règlements',
    routes: ['/bill', '/payment-list', '/unbill-document-list', '/result-credit-list', '/verif-', '/vacaf-list'],
  },
  {
    id: 'remise-en-banque',
    title: 'La remise en banque',
    routes: ['/create-deposit', '/deposit', '/bank-deposit-list', '/cash-and-bank-journal', '/starting-base'],
  },
  { id: 'clotures', title: 'Les clôtures', routes: ['/closure', '/daily-operations', '/jet'] },
  {
    id: 'declarations',
    title: 'Déclarations et états',
    routes: [
      '/tva-statement-list',
      '/tax-statement-list',
      '/tax-list',
      '/insee-statement',
      '/e-reporting',
      '/accounting-',
      '/payment-plan',
      '/result',
      '/balance',
      '/police-note-book',
    ],
  },
  {
    id: 'residentiel',
    title: 'L’année résidentielle',
    routes: ['/resident', '/rent-receipt', '/meter', '/residential'],
  },
  {
    id: 'canaux',
    title: 'Les canaux de réservation en ligne',
    routes: [
      '/booking-import',
      '/partner-booking-list',
      '/channel-health',
      '/secure-holiday',
      '/o-cell',
      '/elloha',
      '/dedge',
      '/pitchup',
      '/giloo',
    ],
  },
];

/** The section explaining the screen at `pathname`. */
export function guideSectionFor(pathname: string): GuideSection {
  let best: { section: GuideSection; length: number } | undefined;
  for (const section of GUIDE_SECTIONS)
    for (const route of section.routes)
      if (pathname.startsWith(route) && route.length > (best?.length ?? 0)) best = { section, length: route.length };
  return best?.section ?? GUIDE_SECTIONS[0];
}
