// The statistics screens of §2 (docs/screens.md#statistics), each the common frame with its own choices.
import { StatScreen } from './StatScreen';
import { MapLegend, StatMap } from './StatMap';

export function DailyActivity() {
  return <StatScreen name="daily-activity" title="Activité journalière" span="month" />;
}

export function RevenueEvolution() {
  const basis = {
    param: 'basis',
    label: 'Chiffre d’affaires par',
    choices: [
      { id: 'night', label: 'Date de séjour' },
      { id: 'booking', label: 'Date de réservation' },
    ],
  };
  return <StatScreen name="revenue" title="Évolution du chiffre d'affaires" options={[basis]} />;
}

export function LayoutFilling() {
  return <StatScreen name="layout-filling" title="Remplissage par zone" />;
}

export function StatisticalDetails() {
  const by = {
    param: 'by',
    label: 'Détail par',
    choices: [
      { id: 'length', label: 'Durée du séjour' },
      { id: 'group', label: 'Taille du groupe' },
      { id: 'ages', label: "Catégorie d'âge" },
      { id: 'country', label: 'Pays' },
      { id: 'department', label: 'Département' },
      { id: 'customers', label: 'Nouveaux et fidèles' },
    ],
  };
  return <StatScreen name="details" title="Détails statistiques" options={[by]} />;
}

export function NightsPerPlace() {
  return <StatScreen name="nights-per-place" title="Nuitées par emplacement" />;
}

export function Revpar() {
  const by = {
    param: 'by',
    label: 'Par',
    choices: [
      { id: 'type', label: "Type d'emplacement" },
      { id: 'family', label: 'Famille' },
      { id: 'layout', label: 'Zone' },
      { id: 'channel', label: 'Canal' },
      { id: 'month', label: 'Mois' },
    ],
  };
  return <StatScreen name="revpar" title="RevPAR et occupation" options={[by]} />;
}

export function LeadTime() {
  const view = {
    param: 'view',
    label: 'Vue',
    choices: [
      { id: 'lead', label: 'Délai de réservation' },
      { id: 'pace', label: 'Rythme des réservations' },
    ],
  };
  return <StatScreen name="booking-lead-time" title="Délai de réservation et rythme" options={[view]} />;
}

export function GeographicMaps() {
  const by = {
    param: 'by',
    label: 'Carte',
    choices: [
      { id: 'department', label: 'Départements français' },
      { id: 'country', label: 'Pays' },
    ],
  };
  const measure = {
    param: 'measure',
    label: 'Couleur',
    choices: [
      { id: 'share', label: 'Part des nuitées' },
      { id: 'evolution', label: 'Évolution / 1re année de référence' },
    ],
  };
  return (
    <StatScreen
      name="map"
      title="Cartes géographiques"
      options={[by, measure]}
      below={(a) =>
        a.map && (
          <>
            <StatMap map={a.map} />
            <MapLegend />
          </>
        )
      }
    />
  );
}

export function ManagerSales() {
  const view = {
    param: 'view',
    label: 'Vue',
    choices: [
      { id: 'breakdown', label: 'Répartition' },
      { id: 'history', label: 'Historique mensuel' },
    ],
  };
  const by = {
    param: 'by',
    label: 'Répartition par',
    choices: [
      { id: 'seller', label: 'Vendeur' },
      { id: 'channel', label: 'Canal' },
    ],
  };
  return <StatScreen name="manager-sales" title="Ventes par gestionnaire" options={[view, by]} />;
}
