// The names, streets and foreign addresses the demo customers are drawn from.
import { Random } from './stays-random';

export const FR_LAST = [
  'Martin',
  'Bernard',
  'Thomas',
  'Petit',
  'Robert',
  'Richard',
  'Durand',
  'Dubois',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Lefebvre',
  'Leroy',
  'Roux',
  'David',
  'Bertrand',
  'Morel',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefèvre',
  'Faure',
  'André',
  'Mercier',
  'Blanc',
  'Guérin',
  'Boyer',
  'Garnier',
  'Chevalier',
  'François',
  'Legrand',
  'Gauthier',
  'Garcia',
  'Le Gall',
  'Le Bihan',
  'Kerhervé',
  'Le Goff',
  'Tanguy',
  'Quéré',
  'Le Floch',
  'Guillou',
  'Cariou',
  'Jaouen',
  'Hénaff',
  'Le Roux',
  'Prigent',
  'Le Meur',
  'Caradec',
];

export const FR_FIRST_M = [
  'Jean',
  'Pierre',
  'Michel',
  'Philippe',
  'Nicolas',
  'Christophe',
  'Stéphane',
  'Julien',
  'Thomas',
  'Yann',
  'Erwan',
  'Loïc',
  'Gwenaël',
  'Mathieu',
  'Antoine',
  'François',
  'Olivier',
  'Sébastien',
];

export const FR_FIRST_F = [
  'Marie',
  'Nathalie',
  'Isabelle',
  'Sylvie',
  'Catherine',
  'Sophie',
  'Céline',
  'Aurélie',
  'Julie',
  'Camille',
  'Anne',
  'Gaëlle',
  'Nolwenn',
  'Maëlle',
  'Émilie',
  'Hélène',
  'Laure',
  'Solène',
];

export const KIDS = [
  'Léo',
  'Emma',
  'Lucas',
  'Jade',
  'Louis',
  'Louise',
  'Gabriel',
  'Alice',
  'Raphaël',
  'Chloé',
  'Arthur',
  'Lina',
  'Hugo',
  'Rose',
  'Jules',
  'Mila',
  'Nathan',
  'Inès',
  'Tom',
  'Léna',
];

export const STREETS = [
  'rue de la Gare',
  'avenue de la République',
  'rue Jean Jaurès',
  'rue des Écoles',
  "place de l'Église",
  'chemin du Moulin',
  'rue du Port',
  'allée des Chênes',
  'boulevard Victor Hugo',
  'impasse des Mouettes',
];

interface Foreign {
  iso: string;
  last: string[];
  first: string[];
  street: (r: Random) => string;
  phone: (r: Random) => string;
  plate: (r: Random) => string;
  mail: string;
}

const L = 'ABCDEFGHJKLMNPRSTVWXYZ';

export const letters = (r: Random, n: number) => Array.from({ length: n }, () => L[r.int(0, L.length - 1)]).join('');

export const digits = (r: Random, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');

export const FOREIGN: Foreign[] = [
  {
    iso: 'BE',
    last: ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Dubois', 'Lambert', 'Dupont'],
    first: ['Luc', 'Marc', 'Annick', 'Sofie', 'Wim', 'Els'],
    street: (r) => `Rue Royale ${r.int(1, 200)}`,
    phone: (r) => `+32 4${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)} ${digits(r, 2)}`,
    plate: (r) => `1-${letters(r, 3)}-${digits(r, 3)}`,
    mail: 'be',
  },
  {
    iso: 'DE',
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner'],
    first: ['Stefan', 'Andreas', 'Sabine', 'Katrin', 'Jürgen', 'Claudia'],
    street: (r) => `Hauptstraße ${r.int(1, 150)}`,
    phone: (r) => `+49 17${digits(r, 1)} ${digits(r, 7)}`,
    plate: (r) => `K-${letters(r, 2)} ${digits(r, 4)}`,
    mail: 'de',
  },
  {
    iso: 'NL',
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker', 'Visser', 'Smit'],
    first: ['Jan', 'Pieter', 'Anouk', 'Sanne', 'Bram', 'Femke'],
    street: (r) => `Keizersgracht ${r.int(1, 300)}`,
    phone: (r) => `+31 6 ${digits(r, 8)}`,
    plate: (r) => `${digits(r, 2)}-${letters(r, 3)}-${digits(r, 1)}`,
    mail: 'nl',
  },
  {
    iso: 'GB',
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Evans'],
    first: ['James', 'Oliver', 'Emily', 'Sarah', 'David', 'Charlotte'],
    street: (r) => `${r.int(1, 99)} High Street`,
    phone: (r) => `+44 7${digits(r, 3)} ${digits(r, 6)}`,
    plate: (r) => `${letters(r, 2)}${digits(r, 2)} ${letters(r, 3)}`,
    mail: 'co.uk',
  },
  {
    iso: 'CH',
    last: ['Meier', 'Keller', 'Favre', 'Rochat', 'Gerber'],
    first: ['Urs', 'Beat', 'Nicole', 'Sandra'],
    street: (r) => `Rue du Lac ${r.int(1, 80)}`,
    phone: (r) => `+41 79 ${digits(r, 3)} ${digits(r, 2)} ${digits(r, 2)}`,
    plate: (r) => `VD ${digits(r, 6)}`,
    mail: 'ch',
  },
  {
    iso: 'ES',
    last: ['García', 'Fernández', 'López', 'Martínez'],
    first: ['Javier', 'Carmen', 'Lucía', 'Pablo'],
    street: (r) => `Calle Mayor ${r.int(1, 120)}`,
    phone: (r) => `+34 6${digits(r, 2)} ${digits(r, 3)} ${digits(r, 3)}`,
    plate: (r) => `${digits(r, 4)} ${letters(r, 3)}`,
    mail: 'es',
  },
  {
    iso: 'IT',
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito'],
    first: ['Marco', 'Giulia', 'Luca', 'Francesca'],
    street: (r) => `Via Roma ${r.int(1, 150)}`,
    phone: (r) => `+39 3${digits(r, 2)} ${digits(r, 7)}`,
    plate: (r) => `${letters(r, 2)} ${digits(r, 3)}${letters(r, 2)}`,
    mail: 'it',
  },
];

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '');
