// The home tile « Dernière sauvegarde »: when the last backup completed (of any
// kind), with a warning once it is STALE_DAYS old or when there is none.
import { formatDateFr, todayParis } from '../../common/dates';
import { registerTile, TILE_SLOTS } from '../domain/home/tiles';
import { lastBackup, STALE_DAYS } from './files';

const timeParis = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });

export function registerBackupTile(): void {
  registerTile({
    ...TILE_SLOTS.lastBackup,
    functionality: 'establishment.users',
    route: '/backup',
    // The count is the age in days (-1: none yet); the tile shows the detail.
    count: async (knex) => {
      const last = await lastBackup(knex);
      return last?.finishedAt ? Math.floor((Date.now() - Date.parse(last.finishedAt)) / 86_400_000) : -1;
    },
    detail: async (knex) => {
      const last = await lastBackup(knex);
      if (!last?.finishedAt)
        return { text: 'Aucune sauvegarde', warning: 'Aucune sauvegarde : faites-en une dès que possible' };
      const at = new Date(last.finishedAt);
      return {
        text: `${formatDateFr(todayParis(at))} à ${timeParis.format(at)}`,
        warning:
          Date.now() - at.getTime() > STALE_DAYS * 86_400_000
            ? `Plus de ${STALE_DAYS} jours sans sauvegarde : vérifiez la sauvegarde automatique`
            : null,
      };
    },
  });
}
