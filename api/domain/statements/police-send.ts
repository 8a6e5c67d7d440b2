// The police register as a CSV file, for the route that downloads it and for the
// police-note-book module's automatic sending (Admin › Modules › Registre de police):
// with « Envoi automatique » and an « E-mail du destinataire », each night the forms of
// the guests who arrived the day before go to that address (the commissariat or
// gendarmerie that asked for them), once per day (the message's unique key), through the
// mail queue. A day without a foreign guest sends nothing.
import type { Knex } from 'knex';
import { addDays, formatDateFr, todayParis } from '../../../common/dates';
import { enqueueMail } from '../mail/queue';
import { moduleSettings, textSetting } from '../establishment/module-settings';
import { policeRegister, type PoliceForm } from './police';
import { csvText, date as fr, type Cell } from './csv';

export const POLICE_HEADER = [
  'Séjour',
  'Emplacement',
  'Arrivée',
  'Départ prévu',
  'Nom',
  'Prénoms',
  'Date de naissance',
  'Lieu de naissance',
  'Nationalité',
  'Domicile habituel',
  'Téléphone portable',
  'E-mail',
  'Enfants de moins de 15 ans',
  'À compléter',
];

export const policeRows = (forms: PoliceForm[]): Cell[][] =>
  forms.map((f) => [
    f.bookingCode,
    f.place,
    fr(f.arrival),
    fr(f.departure),
    f.lastName,
    f.firstName,
    f.birthDate ? fr(f.birthDate) : '',
    f.birthPlace,
    f.nationality,
    f.address,
    f.phone,
    f.email,
    f.children
      .map((c) => [c.lastName, c.firstName, c.birthDate ? fr(c.birthDate) : ''].filter(Boolean).join(' '))
      .join(', '),
    f.missing.join(', '),
  ]);

/** Queues yesterday's forms to the module's recipient; answers the message id, or null when nothing was sent. */
export async function sendPoliceRegister(knex: Knex, today = todayParis()): Promise<number | null> {
  const s = await moduleSettings(knex, 'police-note-book');
  const to = textSetting(s.recipientEmail);
  if (s.autoSend !== true || !to) return null;
  const day = addDays(today, -1);
  const r = await policeRegister(knex, day, day);
  if (!r.forms.length) return null;
  const n = r.forms.length;
  return enqueueMail(knex, {
    kind: 'police-register',
    to,
    subject: `Registre de police — arrivées du ${formatDateFr(day)}`,
    html:
      `<p>Veuillez trouver ci-joint ${n === 1 ? 'la fiche individuelle' : `les ${n} fiches individuelles`} ` +
      `des clients étrangers arrivés le ${formatDateFr(day)}.</p>`,
    attachments: [
      {
        fileName: `registre-de-police-${day}.csv`,
        mime: 'text/csv',
        data: Buffer.from(csvText(POLICE_HEADER, policeRows(r.forms))),
      },
    ],
    dedupeKey: `police-register:${day}`,
  });
}
