// The campsite's catalogue: zones, place families and types, features, extras,
// occupant age categories, animals, vehicles, sales channels and partners.
import type { Knex } from 'knex';
import { id, insertIds } from './ids';
import type { Finance } from './finance';
import type { Geography } from './geography';

export async function seedCatalogue(knex: Knex, { tva }: Finance, { countries }: Geography): Promise<void> {
  const vat = (rate: number) => id(tva, String(rate));
  const camping = vat(1000);
  const standard = vat(2000);

  await knex('layout').insert([
    { order: 1, code: 'A', label: 'Les Pins', color: '#2e7d32' },
    { order: 2, code: 'B', label: 'La Plage', color: '#0277bd' },
    { order: 3, code: 'C', label: 'Le Verger', color: '#f9a825' },
    { order: 4, code: 'R', label: 'Les Résidents', color: '#6d4c41' },
  ]);

  const families = await insertIds(
    knex,
    'place_family',
    [
      { order: 1, code: 'NU', label: 'Emplacements nus', kind: 'pitch' },
      { order: 2, code: 'LOC', label: 'Locatifs', kind: 'rental' },
    ],
    'code',
  );
  const bare = { placeFamilyId: id(families, 'NU'), inseeCategory: 'bare-pitch', tvaId: camping };
  const rental = { placeFamilyId: id(families, 'LOC'), inseeCategory: 'rental-pitch', isRental: true, tvaId: camping };
  await knex('place_type').insert([
    { ...bare, code: 'TENTE', label: 'Emplacement tente', minPersons: 1, maxPersons: 6, color: '#66bb6a' },
    {
      ...bare,
      code: 'CARA',
      label: 'Emplacement caravane / camping-car',
      minPersons: 1,
      maxPersons: 6,
      color: '#26a69a',
    },
    { ...bare, code: 'CONF', label: 'Emplacement Confort électricité', minPersons: 1, maxPersons: 6, color: '#29b6f6' },
    { ...rental, code: 'MH4', label: 'Mobil-home 4 personnes', minPersons: 1, maxPersons: 4, color: '#ffa726' },
    { ...rental, code: 'MH6', label: 'Mobil-home 6 personnes', minPersons: 1, maxPersons: 6, color: '#ef6c00' },
    { ...rental, code: 'CHALET', label: 'Chalet', minPersons: 1, maxPersons: 5, color: '#8d6e63' },
    { ...rental, code: 'LODGE', label: 'Tente lodge', minPersons: 1, maxPersons: 5, color: '#ab47bc' },
    {
      ...bare,
      code: 'RES',
      label: 'Résidentiel',
      minPersons: 1,
      maxPersons: 8,
      isResidential: true,
      inseeCategory: 'year-round-pitch',
      tvaId: standard,
      color: '#78909c',
    },
  ]);

  await knex('feature').insert([
    { code: 'ELEC', label: 'Électricité', icon: 'ElectricBolt' },
    { code: 'EAU', label: "Point d'eau", icon: 'WaterDrop' },
    { code: 'OMBRE', label: 'Ombragé', icon: 'Park' },
    { code: 'VUEMER', label: 'Vue mer', icon: 'Waves' },
    { code: 'TERRASSE', label: 'Terrasse couverte', icon: 'Deck' },
    { code: 'LV', label: 'Lave-vaisselle', icon: 'Kitchen' },
    { code: 'CLIM', label: 'Climatisation', icon: 'AcUnit' },
    { code: 'PMR', label: 'Accessible PMR', icon: 'Accessible' },
    { code: 'ANIMAUX', label: 'Animaux acceptés', icon: 'Pets' },
    { code: 'WIFI', label: 'Wi-Fi', icon: 'Wifi' },
  ]);

  const extraTypes = await insertIds(
    knex,
    'extra_type',
    [
      { label: 'Énergie' },
      { label: 'Linge' },
      { label: 'Ménage' },
      { label: 'Équipement bébé' },
      { label: 'Location de matériel' },
    ],
    'label',
  );
  const type = (label: string) => id(extraTypes, label);
  await knex('extra').insert([
    {
      order: 1,
      label: 'Électricité 10 A',
      extraTypeId: type('Énergie'),
      price: 550,
      unit: 'per-night',
      tvaId: camping,
      color: '#fbc02d',
    },
    {
      order: 2,
      label: 'Location de draps (lit double)',
      extraTypeId: type('Linge'),
      price: 1500,
      unit: 'per-unit',
      tvaId: standard,
      stock: 40,
    },
    {
      order: 3,
      label: 'Location de draps (lit simple)',
      extraTypeId: type('Linge'),
      price: 1200,
      unit: 'per-unit',
      tvaId: standard,
      stock: 60,
    },
    {
      order: 4,
      label: 'Kit serviettes',
      extraTypeId: type('Linge'),
      price: 800,
      unit: 'per-unit',
      tvaId: standard,
      stock: 60,
    },
    {
      order: 5,
      label: 'Ménage de fin de séjour',
      extraTypeId: type('Ménage'),
      price: 8000,
      unit: 'per-stay',
      tvaId: standard,
      color: '#7e57c2',
    },
    {
      order: 6,
      label: 'Lit bébé',
      extraTypeId: type('Équipement bébé'),
      price: 500,
      unit: 'per-night',
      tvaId: standard,
      stock: 10,
      color: '#f06292',
    },
    {
      order: 7,
      label: 'Chaise haute',
      extraTypeId: type('Équipement bébé'),
      price: 300,
      unit: 'per-night',
      tvaId: standard,
      stock: 10,
      color: '#f06292',
    },
    {
      order: 8,
      label: 'Barbecue',
      extraTypeId: type('Location de matériel'),
      price: 600,
      unit: 'per-night',
      tvaId: standard,
      stock: 8,
      color: '#e64a19',
    },
    {
      order: 9,
      label: 'Location de vélo (journée)',
      extraTypeId: type('Location de matériel'),
      price: 1200,
      unit: 'per-unit',
      tvaId: standard,
      stock: 15,
    },
  ]);

  // rules-fr §1 (docs/statements.md#tourist-tax): minors are exempt from the tourist tax.
  await knex('age_category').insert([
    { order: 1, label: 'Adulte', minAge: 18, maxAge: null, channelCategory: 'adult', tvaId: camping },
    {
      order: 2,
      label: 'Enfant 13–17 ans',
      minAge: 13,
      maxAge: 17,
      channelCategory: 'child',
      isTouristTaxExempt: true,
      tvaId: camping,
    },
    {
      order: 3,
      label: 'Enfant 3–12 ans',
      minAge: 3,
      maxAge: 12,
      channelCategory: 'child',
      isTouristTaxExempt: true,
      tvaId: camping,
    },
    {
      order: 4,
      label: 'Bébé 0–2 ans',
      minAge: 0,
      maxAge: 2,
      channelCategory: 'baby',
      isTouristTaxExempt: true,
      tvaId: camping,
    },
  ]);

  await knex('animal_type').insert([
    { label: 'Chien', category: 3, price: 350, tvaId: camping },
    { label: 'Chat', category: 3, price: 250, tvaId: camping },
    { label: 'Chien de 2e catégorie (garde et défense)', category: 2, price: 350, tvaId: camping },
    { label: 'Nouvel animal de compagnie (NAC)', category: 3, price: 150, tvaId: camping },
  ]);

  await knex('vehicle_type').insert([
    { label: 'Voiture', category: 'car', price: 0, tvaId: camping },
    { label: 'Voiture supplémentaire', category: 'car', price: 300, tvaId: camping },
    { label: 'Moto', category: 'motorbike', price: 200, tvaId: camping },
    { label: 'Camping-car', category: 'camper-van', price: 0, tvaId: camping },
    { label: 'Caravane', category: 'caravan', price: 0, tvaId: camping },
    { label: 'Remorque', category: 'trailer', price: 200, tvaId: camping },
  ]);
  await knex('vehicle_brand').insert(
    ['Renault', 'Peugeot', 'Citroën', 'Volkswagen', 'Fiat', 'Toyota', 'Hymer', 'Adria', 'Pilote', 'Rapido'].map(
      (label) => ({ label }),
    ),
  );

  await knex('access_channel').insert([
    { order: 1, code: 'DIRECT', label: 'Direct' },
    { order: 2, code: 'TEL', label: 'Téléphone' },
    { order: 3, code: 'WEB', label: 'Site internet', isOnline: true },
    { order: 4, code: 'BOOKING', label: 'Booking.com', isOnline: true },
    { order: 5, code: 'AIRBNB', label: 'Airbnb', isOnline: true },
    { order: 6, code: 'PITCHUP', label: 'Pitchup', isOnline: true },
  ]);

  const partnerTypes = await insertIds(
    knex,
    'partner_type',
    [
      { label: 'Tour-opérateur' },
      { label: "Comité d'entreprise" },
      { label: 'Agence de voyages' },
      { label: 'Plateforme de réservation' },
    ],
    'label',
  );
  await knex('partner').insert([
    {
      name: 'Vacances Armor Évasion',
      partnerTypeId: id(partnerTypes, 'Tour-opérateur'),
      contact: 'Gaëlle Le Bihan',
      address: '12 quai de la Douane',
      postalCode: '29200',
      town: 'Brest',
      countryId: id(countries, 'FR'),
      phone: '02 98 44 12 30',
      email: 'reservations@armor-evasion.example',
      commissionRate: 1200,
      tvaId: standard,
      accountingCode: '411ARMOR',
      isManager: true,
    },
    {
      name: 'CSE Naval Group Brest',
      partnerTypeId: id(partnerTypes, "Comité d'entreprise"),
      contact: 'Yann Kerdraon',
      address: 'Rue de l’Arsenal',
      postalCode: '29200',
      town: 'Brest',
      countryId: id(countries, 'FR'),
      phone: '02 98 22 00 00',
      email: 'cse@naval-brest.example',
      commissionRate: 0,
      tvaId: standard,
      accountingCode: '411CSENG',
    },
  ]);

  // Criteria the campaign engine reads (api/domain/documents/campaigns.ts), checked against their schema.
  const young = await knex('age_category').whereIn('channelCategory', ['child', 'baby']).orderBy('id').pluck('id');
  await knex('mailing_criteria').insert([
    {
      label: 'Clients fidèles (3 séjours et plus)',
      criteria: JSON.stringify({ minStays: 3 }),
      description: 'Clients ayant séjourné au moins trois fois.',
    },
    {
      label: 'Clientèle étrangère',
      criteria: JSON.stringify({ excludeCountryIds: [id(countries, 'FR')] }),
      description: 'Clients résidant hors de France.',
    },
    {
      label: 'Familles avec enfants',
      criteria: JSON.stringify({ ageCategoryIds: young }),
      description: 'Séjours avec au moins un enfant ou un bébé.',
    },
  ]);
}
